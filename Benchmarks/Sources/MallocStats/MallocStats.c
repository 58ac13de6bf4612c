#include "MallocStats.h"
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

size_t swb_heap_bytes_in_use(void) {
#if defined(__GLIBC__)
  return mallinfo2().uordblks;
#else
  return 0;
#endif
}

void swb_return_free_pages(void) {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

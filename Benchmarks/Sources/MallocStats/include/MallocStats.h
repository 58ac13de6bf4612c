// glibc's malloc statistics, which Swift's Glibc module does not import (<malloc.h>), for
// ProxyAttach's memory rows. Elsewhere they report nothing.
#include <stddef.h>

/// The bytes malloc has handed out and not had back (mallinfo2's uordblks); 0 without glibc.
size_t swb_heap_bytes_in_use(void);

/// Gives the pages of freed memory back to the system (malloc_trim(0)); nothing without glibc.
void swb_return_free_pages(void);

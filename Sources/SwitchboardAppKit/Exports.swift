// `import SwitchboardAppKit` on the Mac: the NSTableView, NSOutlineView and NSCollectionView proxies
// (SwitchboardLists' ViewProxies), the list layer, the delegate engine and the core.
@_exported import SwitchboardLists

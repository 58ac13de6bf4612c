// `import SwitchboardAppKit` on the Mac: the NSTableView, NSOutlineView and NSCollectionView
// proxies (SwitchboardListProxies), the delegate engine, the list layer and the core.
@_exported import SwitchboardListProxies

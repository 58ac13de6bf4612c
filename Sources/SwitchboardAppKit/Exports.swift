// One import on the Mac: `import SwitchboardAppKit` brings the AppKit list proxies
// (`TableViewProxy` for NSTableView, `OutlineViewProxy`, `CollectionViewProxy` for
// NSCollectionView), `DelegateProxy` for any other delegate, the list layer and the core. The
// proxies are built in SwitchboardUIKit's target, beside the routing they share with iOS.
@_exported import SwitchboardUIKit

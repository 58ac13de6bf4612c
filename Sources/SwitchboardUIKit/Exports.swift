// One import on iOS: `import SwitchboardUIKit` brings the delegate proxies (the table and
// collection view proxies, and `DelegateProxy` for any other delegate), the list layer and the
// core.
@_exported import SwitchboardDelegates
@_exported import SwitchboardLists

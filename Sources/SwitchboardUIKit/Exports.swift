// `import SwitchboardUIKit` on iOS: the table and collection view proxies
// (SwitchboardLists' ViewProxies), the list layer, the delegate engine and the core.
@_exported import SwitchboardLists

// `import SwitchboardUIKit` on iOS: the table and collection view proxies (SwitchboardListProxies),
// the delegate engine, the list layer and the core.
@_exported import SwitchboardListProxies

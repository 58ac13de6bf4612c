// The list proxies bring what they are made of: the delegate engine and the list layer (with
// the core). `import SwitchboardUIKit` or `import SwitchboardAppKit` brings this module.
@_exported import SwitchboardDelegates
@_exported import SwitchboardLists

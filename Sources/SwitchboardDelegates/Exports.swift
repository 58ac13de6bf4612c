// `import SwitchboardDelegates` brings the core the proxies are built on: handler roles, rules,
// explanations and events.
@_exported import Switchboard

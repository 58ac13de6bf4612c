// `import SwitchboardDelegates` (2.0's module of the delegate engine) brings `Switchboard`, which
// holds the engine and the core since 3.0: DelegateProxy, handler roles, rules, explanations.
@_exported import Switchboard

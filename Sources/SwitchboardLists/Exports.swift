// One import for list users: `import SwitchboardLists` brings the core it is built on
// (PrioritizedProxy, RoutingRule, MessageEvent, …) and the IndexPath every list message carries.
@_exported import Switchboard

@_exported import struct Foundation.IndexPath

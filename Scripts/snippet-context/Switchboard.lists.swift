// An overlay of Switchboard.swift: `proxy` and `rules` are a list's.
nonisolated(unsafe) let proxy = PrioritizedProxy<ListMessage>()
nonisolated(unsafe) var rules = RoutingRules<ListMessage>()
final class Host { func refreshCachedResponses(for messages: [ListMessage]) {} }

// An overlay of SwitchboardLists.swift: `feed` is a visitor list's rows.
let feed: [FeedRow] = [.post(.sample)]

// One import for tests: `import SwitchboardTesting` brings the list layer and the core too.
@_exported import SwitchboardLists

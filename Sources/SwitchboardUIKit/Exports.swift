// One import on iOS: `import SwitchboardUIKit` brings the list layer and the core too.
@_exported import SwitchboardLists

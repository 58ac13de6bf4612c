import Foundation

/// `switchboard-demo`: a scripted run by default; `--interactive` reads commands from stdin.
@MainActor
func main() async -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  switch arguments {
  case []:
    do {
      print(try await DemoSession.scripted())
      return 0
    } catch {
      FileHandle.standardError.write(Data("switchboard-demo: \(error)\n".utf8))
      return 1
    }
  case ["--interactive"]:
    do {
      let session = try DemoSession()
      print(session.frame("loaded"))
      print("Type 'help' for the commands.")
      while true {
        print("> ", terminator: "")
        fflush(nil)  // flush the prompt; nil flushes every output stream
        guard let line = readLine() else { return 0 }
        switch await session.run(command: line) {
        case .output(let text): if !text.isEmpty { print(text) }
        case .error(let text): FileHandle.standardError.write(Data((text + "\n").utf8))
        case .quit: return 0
        }
      }
    } catch {
      FileHandle.standardError.write(Data("switchboard-demo: \(error)\n".utf8))
      return 1
    }
  case ["--help"], ["-h"]:
    print("usage: switchboard-demo [--interactive]\n\n" + DemoSession.help)
    return 0
  default:
    FileHandle.standardError.write(
      Data(
        "switchboard-demo: unknown arguments \(arguments). usage: switchboard-demo [--interactive]\n"
          .utf8))
    return 2
  }
}

exit(await main())

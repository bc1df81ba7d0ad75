import Foundation

/// The venv's Python (`.build/test-venv`, made by `make test-tools` with crowsetta and Anki's library)
/// running a script: the other programs the tests read Chirper's files with.
enum TestPython {
    static let executable: URL = {
        if let override = ProcessInfo.processInfo.environment["CHIRPER_TEST_PYTHON"] { return URL(fileURLWithPath: override) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/test-venv/bin/python")
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What `script` printed on standard output; a failure with what it printed on standard error when
    /// it exits otherwise than 0 (standard error goes to a file, so a chatty script cannot block on it).
    static func run(_ script: String, _ arguments: [String]) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "\(executable.path) is missing (make test-tools makes it)")
        }
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-python-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python failed: " + ((try? String(contentsOf: errors, encoding: .utf8)) ?? ""))
        }
        return data
    }
}

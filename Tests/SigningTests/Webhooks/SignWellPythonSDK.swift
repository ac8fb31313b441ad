import Foundation

/// The official SignWell Python SDK in the project's venv (`.venv`, which `scripts/test`
/// installs from `Tests/compat/requirements.txt`), used to check that what the server sends
/// is what SignWell's own code accepts.
enum SignWellPythonSDK {
    /// The venv's Python.
    static let python: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".venv/bin/python")

    /// Whether the venv has the SDK.
    static let isInstalled: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
        return (try? run("import signwell_sdk", input: Data())) != nil
    }()

    /// Why an SDK check failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the Python `script` with `input` on its standard input and `arguments` in
    /// `sys.argv[1:]`, and returns what it printed.
    ///
    /// - Throws: ``Failure`` with its standard error when it exits with another status than 0.
    static func run(_ script: String, input: Data, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script] + arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Parses `json` with the SDK model `model` (such as `me_response.MeResponse`) through its
    /// `from_dict`, which checks every member's type; returns the model's `to_json()`.
    static func parse(_ json: Data, as model: String, list: Bool = false) throws -> String {
        let (module, type) = (model.split(separator: ".")[0], model.split(separator: ".")[1])
        let script = """
            import json, sys
            from signwell_sdk.models.\(module) import \(type)
            value = json.load(sys.stdin)
            items = value if \(list ? "True" : "False") else [value]
            print(json.dumps([\(type).from_dict(item).to_dict() for item in items], default=str))
            """
        return try run(script, input: json)
    }
}

import ChanceryTestSupport
import Foundation

/// The official SignWell Python SDK in the project's venv (`.venv`, which `scripts/test`
/// installs from `Tests/compat/requirements.txt`), used to check that what the server sends
/// is what SignWell's own code accepts.
enum SignWellPythonSDK {
    /// The venv's Python.
    static let python: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".venv/bin/python")

    /// Whether the venv has the SDK: its package is in the venv's `site-packages`.
    static let isInstalled: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
        let lib = python.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.contains { version in
            FileManager.default.fileExists(atPath: lib.appendingPathComponent("\(version)/site-packages/signwell_sdk/__init__.py").path)
        }
    }()

    /// Why an SDK check failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the Python `script` with `input` on its standard input and `arguments` in
    /// `sys.argv[1:]`, and returns what it printed.
    ///
    /// - Throws: ``Failure`` with its standard error when it exits with another status than 0.
    static func run(_ script: String, input: Data, arguments: [String] = []) async throws -> String {
        let result = try await Subprocess.run(python, ["-c", script] + arguments, input: input)
        guard result.status == 0 else {
            throw Failure(description: result.errorsText)
        }
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Parses `json` with the SDK model `model` (such as `me_response.MeResponse`) through its
    /// `from_dict`, which checks every member's type; returns the model's `to_json()`.
    static func parse(_ json: Data, as model: String, list: Bool = false) async throws -> String {
        let (module, type) = (model.split(separator: ".")[0], model.split(separator: ".")[1])
        let script = """
            import json, sys
            from signwell_sdk.models.\(module) import \(type)
            value = json.load(sys.stdin)
            items = value if \(list ? "True" : "False") else [value]
            print(json.dumps([\(type).from_dict(item).to_dict() for item in items], default=str))
            """
        return try await run(script, input: json)
    }
}

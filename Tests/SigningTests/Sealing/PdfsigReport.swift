import Foundation

/// What Poppler's `pdfsig -nocert` says about the signatures of a PDF file. pdfsig exits 0
/// whatever it finds, so its output is read.
struct PdfsigReport {
    /// The whole output.
    let output: String
    /// The block of lines of each `Signature #N:` entry, in order.
    let signatures: [String]

    /// Runs pdfsig on the file at `path`.
    init(path: String, in scratch: SealingScratch) async throws {
        output = try await ValidatorTool("pdfsig").run(["-nocert", path], in: scratch.url).output
        signatures = output.components(separatedBy: "\nSignature #").dropFirst().map { $0 }
    }

    /// The distinct signature field names, in order of first appearance.
    var fieldNames: [String] {
        var names: [String] = []
        for block in signatures {
            guard let line = block.split(separator: "\n").first(where: { $0.contains("Signature Field Name:") }),
                let name = line.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
            else { continue }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}

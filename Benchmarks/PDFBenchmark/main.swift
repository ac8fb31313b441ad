// Measures reading and signing PDF files of 10 and 500 pages, made by Ghostscript in the run
// (a page of text each), against `qpdf --check` on the same files in the same run:
//
// - parse: open the file, walk its pages, decode every page's content streams;
// - sign: one PAdES baseline B-B signature (ETSI.CAdES.detached) with a generated RSA-2048
//   key, by an incremental update;
// - reference: `qpdf --check FILE`, which reads the whole file and decodes every stream.
//
// Each task runs in a child process of its own (this program re-executed with `child …`), so
// that its peak resident memory is its own: VmHWM for ours, `/usr/bin/time -f %M` for qpdf.
// Times are medians; ours are measured in process, qpdf's include starting the process. The
// last column says how much of the peak is there before the task: for ours, the process with
// the file read (and the key loaded); for qpdf, the bare process (`qpdf --version`).
//
//     swift run -c release PDFBenchmark [RUNS]     default 5 runs of each task

import BenchmarkSupport
import Foundation
import PDF
import PDFSigning

/// A failure of the benchmark itself: a tool missing or failing, a result that is wrong.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
}

/// What a child process reports about the runs of its task.
struct TaskReport {
    /// The wall time of each run, in seconds.
    let seconds: [Double]
    /// The peak resident memory of the task's process, in kilobytes.
    let peakKilobytes: Int
    /// The resident memory of our child process when the task starts, in kilobytes; `nil` for
    /// qpdf's tasks.
    let startKilobytes: Int?

    /// The median of ``seconds``.
    var median: Double { seconds.sorted()[seconds.count / 2] }

    /// Parses a child's output: a line `seconds: S S …`, a line `peak: KB` and, for our
    /// tasks, a line `start: KB`.
    init(parsing output: String) throws {
        var seconds: [Double] = []
        var peak: Int?
        var start: Int?
        for line in output.split(separator: "\n") {
            if line.hasPrefix("seconds: ") {
                seconds = line.dropFirst("seconds: ".count).split(separator: " ").compactMap { Double($0) }
            } else if line.hasPrefix("peak: ") {
                peak = Int(line.dropFirst("peak: ".count))
            } else if line.hasPrefix("start: ") {
                start = Int(line.dropFirst("start: ".count))
            }
        }
        guard !seconds.isEmpty, let peak else {
            throw BenchmarkError(description: "a child's output is not a report: \(output)")
        }
        self.seconds = seconds
        self.peakKilobytes = peak
        self.startKilobytes = start
    }
}

/// Runs `executable` with `arguments` and returns its standard output.
///
/// - Throws: ``BenchmarkError`` when it exits with a non-zero status.
func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BenchmarkError(description: "\(executable) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
}

/// Opens `bytes`, walks the pages and decodes every page's content streams; returns the
/// number of decoded bytes.
func parse(_ bytes: [UInt8]) throws -> Int {
    let file = try PDFFile(bytes: bytes)
    var decoded = 0
    for page in try file.pages() {
        let contents = page.dictionary["Contents"] ?? .null
        let parts = try file.stream(contents) == nil ? try file.resolve(contents).arrayValue ?? [] : [contents]
        for part in parts {
            if let stream = try file.stream(part) {
                decoded += try file.decodedData(of: stream).count
            }
        }
    }
    return decoded
}

/// The signer the benchmark measures: PAdES baseline B-B with the credentials in the PEM
/// files `chainPath` and `keyPath`.
func makeSigner(chainPath: String, keyPath: String) throws -> PDFDocumentSigner {
    let credentials = try PDFSignatureCredentials(
        certificateChainPEM: try String(contentsOfFile: chainPath, encoding: .utf8),
        privateKeyPEM: try String(contentsOfFile: keyPath, encoding: .utf8)
    )
    return PDFDocumentSigner(signer: try CMSDetachedSigner(credentials: credentials, profile: .padesBaselineB))
}

/// The memory figure `field` of this process in /proc/self/status, in kilobytes: `VmHWM`
/// (peak resident memory so far) or `VmRSS` (resident memory now).
func memoryKilobytes(_ field: String) throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else {
        throw BenchmarkError(description: "no \(field) in /proc/self/status")
    }
    return kilobytes
}

/// Runs qpdf with `arguments` under `/usr/bin/time` and returns its peak resident memory in
/// kilobytes, which `time` writes to `reportPath`.
func runQPDF(_ arguments: [String], reportPath: String) throws -> Int {
    _ = try run("/usr/bin/time", ["-o", reportPath, "-f", "%M", "qpdf"] + arguments)
    let report = try String(contentsOfFile: reportPath, encoding: .utf8)
    guard let kilobytes = Int(report.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw BenchmarkError(description: "/usr/bin/time wrote \(report), not a peak in kilobytes")
    }
    return kilobytes
}

/// The child process: runs the task `arguments` names `runs` times and prints a report (see
/// ``TaskReport``). Tasks: `parse FILE RUNS`, `sign FILE RUNS CHAIN KEY`, `qpdf FILE RUNS`
/// (`qpdf --check FILE`) and `qpdf-start FILE RUNS` (`qpdf --version`, the bare process).
func runChild(_ arguments: [String]) async throws {
    guard arguments.count >= 3, let runs = Int(arguments[2]) else {
        throw BenchmarkError(description: "usage: PDFBenchmark child parse|sign|qpdf|qpdf-start FILE RUNS [CHAIN KEY]")
    }
    let task = arguments[0]
    let path = arguments[1]
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let signer = task == "sign" ? try makeSigner(chainPath: arguments[3], keyPath: arguments[4]) : nil
    let startKilobytes = try memoryKilobytes("VmRSS")
    let reportPath = FileManager.default.temporaryDirectory.appendingPathComponent("PDFBenchmark-time-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: reportPath) }
    var seconds: [Double] = []
    var qpdfPeak = 0
    for _ in 0..<runs {
        let start = ContinuousClock.now
        switch task {
        case "parse":
            _ = try parse(bytes)
        case "sign":
            _ = try await signer!.sign(bytes, options: PDFSignatureOptions(reason: "Benchmark"))
        case "qpdf":
            qpdfPeak = max(qpdfPeak, try runQPDF(["--check", path], reportPath: reportPath))
        case "qpdf-start":
            qpdfPeak = max(qpdfPeak, try runQPDF(["--version"], reportPath: reportPath))
        default:
            throw BenchmarkError(description: "no task \(task)")
        }
        seconds.append((ContinuousClock.now - start).seconds)
    }
    print("seconds: " + seconds.map { String($0) }.joined(separator: " "))
    if task.hasPrefix("qpdf") {
        print("peak: \(qpdfPeak)")
    } else {
        print("peak: \(try memoryKilobytes("VmHWM"))")
        print("start: \(startKilobytes)")
    }
}

/// Writes a PDF file of `pages` pages of text to `path`, through Ghostscript.
func makePDF(pages: Int, at path: String, in directory: URL) throws {
    let program = """
        /Helvetica findfont 10 scalefont setfont
        1 1 \(pages) {
            /page exch def
            72 750 moveto (Page ) show page 8 string cvs show
            0 1 49 {
                /line exch def
                72 720 line 13 mul sub moveto
                (The quick brown fox jumps over the lazy dog; line ) show line 8 string cvs show
            } for
            showpage
        } for
        """
    let programPath = directory.appendingPathComponent("pages-\(pages).ps").path
    try program.write(toFile: programPath, atomically: true, encoding: .utf8)
    _ = try run("/usr/bin/env", ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", "-sOutputFile=\(path)", programPath])
}

/// Runs the task `arguments` in a child process (see ``runChild(_:)``) and returns its report.
func measure(_ arguments: [String]) throws -> TaskReport {
    try TaskReport(parsing: try run("/proc/self/exe", ["child"] + arguments))
}

/// Progress lines, on standard error so that standard output holds only the report.
func progress(_ line: String) {
    FileHandle.standardError.write(Data(("… " + line + "\n").utf8))
}

/// `rows` as a Markdown table with aligned columns, `header` first.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
    let line = { (cells: [String]) in
        "| " + cells.indices.map { cells[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
    }
    let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
}

/// The benchmark: makes the files and the credentials, checks that they work, measures every
/// task on every file and prints the table.
func runBenchmark(runs: Int) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("PDFBenchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    progress("generating RSA-2048 signing credentials")
    let credentials = try GeneratedSigningCredentials.generate(commonName: "PDF Benchmark")
    let chainPath = directory.appendingPathComponent("chain.pem").path
    let keyPath = directory.appendingPathComponent("key.pem").path
    try credentials.certificateChainPEM.write(toFile: chainPath, atomically: true, encoding: .utf8)
    try credentials.privateKeyPEM.write(toFile: keyPath, atomically: true, encoding: .utf8)
    // The chain is the signing certificate and the CA, whose certificate is the trusted root.
    let verifier = PDFDocumentVerifier(trustedRoots: try credentials.credentials().chain)

    var rows: [[String]] = []
    for pages in [10, 500] {
        let path = directory.appendingPathComponent("pages-\(pages).pdf").path
        progress("making a \(pages)-page PDF with Ghostscript")
        try makePDF(pages: pages, at: path, in: directory)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))

        // The figures mean something only if we read every page and the signature holds.
        guard try PDFFile(bytes: bytes).pages().count == pages, try parse(bytes) > 0 else {
            throw BenchmarkError(description: "the \(pages)-page file does not read back as \(pages) pages of content")
        }
        let signed = try await makeSigner(chainPath: chainPath, keyPath: keyPath).sign(bytes, options: PDFSignatureOptions())
        let reports = try await verifier.verify(signed)
        guard reports.count == 1, reports[0].isValid, reports[0].coversWholeFile else {
            throw BenchmarkError(description: "the signature of the \(pages)-page file does not verify: \(reports)")
        }

        progress("measuring the \(pages)-page file (\(bytes.count / 1000) kB), \(runs) runs per task")
        let reference = try measure(["qpdf", path, String(runs)])
        let bareQPDF = try measure(["qpdf-start", path, String(runs)])
        let tasks = [
            ("parse", try measure(["parse", path, String(runs)])),
            ("sign (PAdES, RSA-2048)", try measure(["sign", path, String(runs), chainPath, keyPath])),
            ("qpdf --check (reference)", reference),
        ]
        for (name, report) in tasks {
            rows.append([
                "\(pages) pages, \(bytes.count / 1000) kB",
                name,
                String(format: "%.1f ms", report.median * 1000),
                String(format: "%.2f", report.median / reference.median),
                String(format: "%.1f MiB", Double(report.peakKilobytes) / 1024),
                String(format: "%.2f", Double(report.peakKilobytes) / Double(reference.peakKilobytes)),
                String(format: "%.1f MiB", Double(report.startKilobytes ?? bareQPDF.peakKilobytes) / 1024),
            ])
        }
    }
    print("median of \(runs) runs; peak RSS of a child process that runs only the task")
    print(table(["file", "task", "time", "× qpdf", "peak RSS", "× qpdf", "RSS before the task"], rows))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "child" {
    try await runChild(Array(arguments.dropFirst()))
} else {
    try await runBenchmark(runs: arguments.first.flatMap { Int($0) } ?? 5)
}

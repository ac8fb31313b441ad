import Foundation

/// Progress of long work on standard error, so it never mixes with the results on standard
/// output.
///
/// At a terminal the line redraws in place (`photo.mov  [#########-----------]  45%  450/1000 MiB`);
/// elsewhere (a log, CI) a line is written at every tenth, so output stays short.
struct ProgressBar {
    /// What is being worked on, shown first.
    let label: String
    /// The amount of work, in bytes.
    let total: Int64
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var shownPercent = -1

    private static let width = 30

    /// Creates a bar for `total` bytes of work on `label`.
    init(label: String, total: Int64) {
        self.label = label
        self.total = total
    }

    /// Shows that `done` bytes of the work are finished.
    mutating func update(_ done: Int64) {
        let percent = total > 0 ? Int(min(done, total) * 100 / total) : 100
        let step = isTerminal ? 1 : 10
        guard percent / step != shownPercent / step else { return }
        shownPercent = percent
        let filled = Self.width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        let line = "\(label)  [\(bar)] \(String(format: "%3d", percent))%  \(done >> 20)/\(total >> 20) MiB"
        write(isTerminal ? "\r" + line : line + "\n")
    }

    /// Ends the bar's line at a terminal.
    func finish() {
        if isTerminal, shownPercent >= 0 { write("\n") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

import Synchronization

/// The ``ProgressBar`` of an upload or a download, moved by the SDK's progress blocks, which
/// run on background threads.
///
/// Only transfers of at least ``threshold`` bytes get one, as in `chancery notarize`: small
/// ones end before a bar would tell anything.
final class TransferProgressBar: Sendable {
    /// The smallest transfer that shows a bar: 16 MiB.
    static let threshold: Int64 = 16 << 20

    private let bar: Mutex<ProgressBar>

    private init(label: String, total: Int64) {
        bar = Mutex(ProgressBar(label: label, total: total))
    }

    /// A bar labelled `label` for a transfer of `total` bytes; `nil` below the ``threshold``.
    static func forTransfer(of total: Int64, label: String) -> TransferProgressBar? {
        total >= threshold ? TransferProgressBar(label: label, total: total) : nil
    }

    /// Shows that `done` bytes went out or came in.
    func update(_ done: Int64) {
        bar.withLock { $0.update(done) }
    }

    /// Ends the bar.
    func finish() {
        bar.withLock { $0.finish() }
    }
}

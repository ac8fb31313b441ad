/// A failure of one step of the intake (decoding, download, conversion) before it is known
/// which file it concerns; ``DocumentIntake`` turns it into an ``IntakeError`` that names the
/// file.
struct IntakeFailure: Error, Sendable {
    /// What went wrong.
    let reason: IntakeError.Reason
    /// What is wrong, in one sentence without the file's name.
    let message: String

    /// Creates a failure.
    init(_ reason: IntakeError.Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The error for the file `fileName`.
    func error(forFileNamed fileName: String) -> IntakeError {
        IntakeError(fileName: fileName, reason: reason, message: message)
    }
}

extension IntakeFailure {
    /// The file is larger than `maximum` bytes.
    static func fileTooLarge(maximum: Int) -> IntakeFailure {
        let limit = maximum % (1024 * 1024) == 0 ? "\(maximum / (1024 * 1024)) MiB" : "\(maximum) bytes"
        return IntakeFailure(.fileTooLarge, "the file is larger than the \(limit) this server accepts")
    }
}

import Foundation

/// The decisions of a screen that records a video or plays one back, without any UI: which
/// mode it is in, whether the user may delete the video, whether playback starts by itself,
/// and what the delegate is told when.
///
/// The screen plays back when it has a video file and records otherwise. Recording a video
/// switches it to playing that video back; deleting the video (if the delegate allows it)
/// switches it back to recording.
///
/// `QEDVideoPlayRecordViewController` (UIKit) draws this controller's state and reports the
/// user's actions to it; another UI can do the same.
@MainActor
public final class QEDVideoPlayRecordController {
    /// What the screen does.
    public enum Mode: Equatable, Sendable {
        /// The camera is shown, ready to record.
        case recording
        /// The video at the URL is shown, ready to play.
        case playback(URL)
    }

    /// Told about deletions, recordings and dismissals; not retained.
    public weak var delegate: (any QEDVideoPlayRecordControllerDelegate)?

    /// Where new recordings are written.
    public let directory: URL

    /// Whether the video given at creation starts playing by itself.
    public let autoplay: Bool

    /// The video shown, or `nil` while recording.
    public private(set) var fileURL: URL?

    /// The video recorded on this screen and not deleted since, if any.
    public private(set) var newRecordedFileURL: URL?

    /// The video given at creation, for ``shouldPlayAutomatically``.
    private let initialFileURL: URL?

    /// Creates the controller.
    ///
    /// - Parameters:
    ///   - delegate: Told about deletions, recordings and dismissals; not retained.
    ///   - directory: Where new recordings are written.
    ///   - fileURL: A video to play back. If it is `nil`, or no file exists there, the screen
    ///     starts by recording.
    ///   - autoplay: Whether that video starts playing by itself.
    public init(delegate: any QEDVideoPlayRecordControllerDelegate, directory: URL, fileURL: URL? = nil, autoplay: Bool = false) {
        let existing = fileURL.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
        self.delegate = delegate
        self.directory = directory
        self.autoplay = autoplay
        self.fileURL = existing
        self.initialFileURL = existing
    }

    /// What the screen does now: play back ``fileURL``, or record.
    public var mode: Mode {
        fileURL.map(Mode.playback) ?? .recording
    }

    /// Whether playback starts by itself: only for the video given at creation, when
    /// ``autoplay`` is set. A video the user just recorded waits to be played.
    public var shouldPlayAutomatically: Bool {
        autoplay && fileURL != nil && fileURL == initialFileURL
    }

    /// Whether to offer a delete button: there is a video, and the delegate allows deleting it.
    public var canDeleteFile: Bool {
        guard let fileURL, let delegate else { return false }
        return delegate.videoPlayRecordController(self, allowToDeleteFileAt: fileURL)
    }

    /// A new file name in ``directory`` for the next recording: a UUID with the `mov`
    /// extension.
    public func urlForNewRecording() -> URL {
        directory.appendingPathComponent(UUID().uuidString).appendingPathExtension("mov")
    }

    /// The user finished recording the video now at `url`: plays it back, and tells the
    /// delegate.
    public func userFinishedRecording(to url: URL) {
        fileURL = url
        newRecordedFileURL = url
        delegate?.videoPlayRecordController(self, userRecordedFileAt: url)
    }

    /// The user asked to delete the video shown. If ``canDeleteFile``, forgets the video,
    /// switches to recording, and tells the delegate to delete the file.
    ///
    /// - Returns: Whether the video was deleted.
    @discardableResult
    public func userRequestedDeletion() -> Bool {
        guard let deleted = fileURL, canDeleteFile else { return false }
        fileURL = nil
        if newRecordedFileURL == deleted { newRecordedFileURL = nil }
        delegate?.videoPlayRecordController(self, fileDeletionRequestedFor: deleted)
        return true
    }

    /// The user asked to leave the screen, confirming (`keep`) or cancelling: tells the
    /// delegate, with the video recorded here if there is one.
    public func userRequestedDismissal(keepingFile keep: Bool) {
        delegate?.videoPlayRecordController(self, dismissalRequestWithNewRecordedFileAt: newRecordedFileURL, keepingFile: keep)
    }

    /// The camera or the recording session could not be set up: tells the delegate to dismiss
    /// the screen.
    public func setupFailed(_ error: SetupError) {
        delegate?.videoPlayRecordController(self, dismissalRequestDueTo: error)
    }
}

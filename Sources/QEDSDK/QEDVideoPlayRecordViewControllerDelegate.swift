#if canImport(UIKit)
import Foundation

/// What a ``QEDVideoPlayRecordViewController`` asks and tells its delegate: whether the user
/// may delete the video, that the user deleted or recorded one, and that the screen should be
/// dismissed. Each call is forwarded from the screen's ``QEDVideoPlayRecordController``; see
/// ``QEDVideoPlayRecordControllerDelegate`` for what each one means.
@MainActor
public protocol QEDVideoPlayRecordViewControllerDelegate: AnyObject {
    /// Asks whether the user may delete the video at `fileURL`; `true` offers a delete button.
    func videoPlayRecordController(_ controller: QEDVideoPlayRecordViewController, allowToDeleteFileAt fileURL: URL) -> Bool

    /// Tells the delegate that the user deleted the video at `fileURL`; removing the file is
    /// the delegate's job.
    func videoPlayRecordController(_ controller: QEDVideoPlayRecordViewController, fileDeletionRequestedFor fileURL: URL)

    /// Tells the delegate that the user recorded a new video, now at `fileURL`, which the
    /// screen plays back; the file must stay.
    func videoPlayRecordController(_ controller: QEDVideoPlayRecordViewController, userRecordedFileAt fileURL: URL)

    /// Tells the delegate that the user wants to leave the screen, with the video recorded on
    /// it (if any) and whether to keep it; dismissing the screen, and deleting an unwanted new
    /// video, is the delegate's job.
    func videoPlayRecordController(
        _ controller: QEDVideoPlayRecordViewController, dismissalRequestWithNewRecordedFileAt fileURL: URL?, keepingFile keep: Bool
    )

    /// Tells the delegate that the screen cannot work and should be dismissed, and why.
    func videoPlayRecordController(
        _ controller: QEDVideoPlayRecordViewController, dismissalRequestDueTo error: QEDVideoPlayRecordViewController.SetupError)
}
#endif

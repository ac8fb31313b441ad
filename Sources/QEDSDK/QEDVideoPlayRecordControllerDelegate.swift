import Foundation

/// What a ``QEDVideoPlayRecordController`` asks and tells about the video it shows: whether
/// the user may delete it, that the user deleted or recorded one, and that the screen should
/// be dismissed.
///
/// The methods mirror those of `QEDVideoPlayRecordViewControllerDelegate`, which the UIKit
/// view controller forwards them to.
@MainActor
public protocol QEDVideoPlayRecordControllerDelegate: AnyObject {
    /// Asks whether the user may delete the video at `fileURL`.
    ///
    /// Answering `true` deletes nothing: it offers the user a delete button.
    ///
    /// - Returns: `true` to let the user delete the video.
    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, allowToDeleteFileAt fileURL: URL) -> Bool

    /// Tells the delegate that the user deleted the video at `fileURL`.
    ///
    /// Removing the file is the delegate's job. The controller has already forgotten the file
    /// and switched to recording.
    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, fileDeletionRequestedFor fileURL: URL)

    /// Tells the delegate that the user recorded a new video, now at `fileURL`.
    ///
    /// The controller plays that file back now, so it must stay. The user may still delete
    /// it, so acting on a new video is best left to
    /// ``videoPlayRecordController(_:dismissalRequestWithNewRecordedFileAt:keepingFile:)``.
    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, userRecordedFileAt fileURL: URL)

    /// Tells the delegate that the user wants to leave the screen.
    ///
    /// Dismissing it is the delegate's job.
    ///
    /// - Parameters:
    ///   - fileURL: The video recorded while the screen was shown and not deleted since, or
    ///     `nil` if there is none.
    ///   - keep: `true` if the user confirmed (keep the new video), `false` if they cancelled;
    ///     then deleting the file at `fileURL`, if any, is the delegate's job.
    func videoPlayRecordController(
        _ controller: QEDVideoPlayRecordController, dismissalRequestWithNewRecordedFileAt fileURL: URL?, keepingFile keep: Bool
    )

    /// Tells the delegate that the screen cannot work and should be dismissed, and why.
    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, dismissalRequestDueTo error: QEDVideoPlayRecordController.SetupError)
}

import Foundation

extension QEDVideoPlayRecordController {
    /// Why a video screen cannot work.
    public enum SetupError: LocalizedError, Equatable, Sendable {
        /// The user has not allowed the app to use the camera; they can change that in
        /// Settings.
        case userNotAllowedToUseCamera
        /// The camera is unavailable, or the recording session could not be set up.
        ///
        /// - Parameter description: What went wrong, if known.
        case errorSettingUpForRecording(description: String?)

        /// A sentence that explains the error.
        public var errorDescription: String? {
            switch self {
            case .userNotAllowedToUseCamera:
                "The app is not allowed to use the camera. You can allow it in Settings."
            case .errorSettingUpForRecording(let description):
                "The camera could not be set up for recording" + (description.map { ": \($0)" } ?? ".")
            }
        }
    }
}

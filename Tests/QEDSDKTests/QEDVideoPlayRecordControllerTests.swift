import Foundation
import QEDSDK
import Testing

/// Records every call the controller makes, and answers the deletion question as told.
@MainActor
final class RecordingDelegate: QEDVideoPlayRecordControllerDelegate {
    enum Call: Equatable {
        case allowToDelete(URL)
        case deletionRequested(URL)
        case recorded(URL)
        case dismissal(URL?, keep: Bool)
        case setupFailed(QEDVideoPlayRecordController.SetupError)
    }

    var calls: [Call] = []
    var allowsDeletion: Bool

    init(allowsDeletion: Bool) {
        self.allowsDeletion = allowsDeletion
    }

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, allowToDeleteFileAt fileURL: URL) -> Bool {
        calls.append(.allowToDelete(fileURL))
        return allowsDeletion
    }

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, fileDeletionRequestedFor fileURL: URL) {
        calls.append(.deletionRequested(fileURL))
    }

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, userRecordedFileAt fileURL: URL) {
        calls.append(.recorded(fileURL))
    }

    func videoPlayRecordController(
        _ controller: QEDVideoPlayRecordController, dismissalRequestWithNewRecordedFileAt fileURL: URL?, keepingFile keep: Bool
    ) {
        calls.append(.dismissal(fileURL, keep: keep))
    }

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, dismissalRequestDueTo error: QEDVideoPlayRecordController.SetupError) {
        calls.append(.setupFailed(error))
    }
}

@MainActor @Suite struct QEDVideoPlayRecordControllerTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qedsdk-videos-\(UUID().uuidString)", isDirectory: true)

    @Test func withoutAFileTheScreenRecords() {
        let delegate = RecordingDelegate(allowsDeletion: true)
        let controller = QEDVideoPlayRecordController(delegate: delegate, directory: directory, autoplay: true)
        #expect(controller.mode == .recording)
        #expect(controller.fileURL == nil)
        #expect(!controller.shouldPlayAutomatically)
        #expect(!controller.canDeleteFile)
        #expect(delegate.calls.isEmpty, "there is nothing to ask about")
    }

    @Test func anExistingFilePlaysBackAndAutoplaysOnlyWhenAsked() throws {
        let video = try TestStorage.file(named: "existing.mov", contents: Data("movie".utf8))
        let delegate = RecordingDelegate(allowsDeletion: false)
        let quiet = QEDVideoPlayRecordController(delegate: delegate, directory: directory, fileURL: video)
        #expect(quiet.mode == .playback(video))
        #expect(!quiet.shouldPlayAutomatically)
        let autoplaying = QEDVideoPlayRecordController(delegate: delegate, directory: directory, fileURL: video, autoplay: true)
        #expect(autoplaying.mode == .playback(video))
        #expect(autoplaying.shouldPlayAutomatically)
    }

    @Test func aURLWithNoFileThereStartsByRecording() {
        let delegate = RecordingDelegate(allowsDeletion: true)
        let missing = directory.appendingPathComponent("missing.mov")
        let controller = QEDVideoPlayRecordController(delegate: delegate, directory: directory, fileURL: missing, autoplay: true)
        #expect(controller.mode == .recording)
        #expect(!controller.shouldPlayAutomatically)
    }

    @Test func theDelegateDecidesWhetherTheFileCanBeDeleted() throws {
        let video = try TestStorage.file(named: "kept.mov", contents: Data("movie".utf8))
        let delegate = RecordingDelegate(allowsDeletion: false)
        let controller = QEDVideoPlayRecordController(delegate: delegate, directory: directory, fileURL: video)
        #expect(!controller.canDeleteFile)
        #expect(!controller.userRequestedDeletion())
        #expect(controller.mode == .playback(video), "a refused deletion changes nothing")
        #expect(delegate.calls == [.allowToDelete(video), .allowToDelete(video)])

        delegate.allowsDeletion = true
        #expect(controller.canDeleteFile)
    }

    @Test func deletingTellsTheDelegateAndSwitchesToRecording() throws {
        let video = try TestStorage.file(named: "deleted.mov", contents: Data("movie".utf8))
        let delegate = RecordingDelegate(allowsDeletion: true)
        let controller = QEDVideoPlayRecordController(delegate: delegate, directory: directory, fileURL: video, autoplay: true)
        #expect(controller.userRequestedDeletion())
        #expect(delegate.calls == [.allowToDelete(video), .deletionRequested(video)])
        #expect(controller.mode == .recording)
        #expect(controller.fileURL == nil)
        #expect(!controller.shouldPlayAutomatically)
        #expect(FileManager.default.fileExists(atPath: video.path), "deleting the file is the delegate's job")

        controller.userRequestedDismissal(keepingFile: true)
        #expect(delegate.calls.last == .dismissal(nil, keep: true), "the deleted file was not recorded here")
    }

    @Test func recordingSwitchesToPlaybackAndIsReportedOnDismissal() {
        let delegate = RecordingDelegate(allowsDeletion: true)
        let controller = QEDVideoPlayRecordController(delegate: delegate, directory: directory, autoplay: true)
        let recording = controller.urlForNewRecording()
        #expect(recording.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL)
        #expect(recording.pathExtension == "mov")
        #expect(controller.urlForNewRecording() != recording, "every recording gets a name of its own")

        controller.userFinishedRecording(to: recording)
        #expect(delegate.calls == [.recorded(recording)])
        #expect(controller.mode == .playback(recording))
        #expect(controller.newRecordedFileURL == recording)
        #expect(!controller.shouldPlayAutomatically, "autoplay is for the video given at creation")

        controller.userRequestedDismissal(keepingFile: false)
        #expect(delegate.calls.last == .dismissal(recording, keep: false))
    }

    @Test func deletingANewRecordingForgetsIt() {
        let delegate = RecordingDelegate(allowsDeletion: true)
        let controller = QEDVideoPlayRecordController(delegate: delegate, directory: directory)
        let first = controller.urlForNewRecording()
        controller.userFinishedRecording(to: first)
        #expect(controller.userRequestedDeletion())
        #expect(controller.newRecordedFileURL == nil)
        #expect(controller.mode == .recording)

        let second = controller.urlForNewRecording()
        controller.userFinishedRecording(to: second)
        controller.userRequestedDismissal(keepingFile: true)
        #expect(
            delegate.calls == [
                .recorded(first), .allowToDelete(first), .deletionRequested(first), .recorded(second), .dismissal(second, keep: true),
            ])
    }

    @Test func setupErrorsAskForDismissal() {
        let delegate = RecordingDelegate(allowsDeletion: true)
        let controller = QEDVideoPlayRecordController(delegate: delegate, directory: directory)
        controller.setupFailed(.userNotAllowedToUseCamera)
        controller.setupFailed(.errorSettingUpForRecording(description: "no camera"))
        #expect(delegate.calls == [.setupFailed(.userNotAllowedToUseCamera), .setupFailed(.errorSettingUpForRecording(description: "no camera"))])
        #expect(
            QEDVideoPlayRecordController.SetupError.errorSettingUpForRecording(description: "no camera").errorDescription?.contains("no camera")
                == true)
    }

    @Test func theDelegateIsNotRetained() {
        var delegate: RecordingDelegate? = RecordingDelegate(allowsDeletion: true)
        let controller = QEDVideoPlayRecordController(delegate: delegate!, directory: directory)
        weak let released = delegate
        delegate = nil
        #expect(released == nil)
        #expect(controller.delegate == nil)
        controller.userRequestedDismissal(keepingFile: true)
    }
}

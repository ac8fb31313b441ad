#if canImport(UIKit)
import AVFoundation
import CoreMedia
import Foundation
import UIKit

/// A screen that records a video with the camera, or plays one back.
///
/// Every decision (the mode, the delete button, autoplay, what the delegate is told) is made by
/// a ``QEDVideoPlayRecordController``; this view controller only shows its state with
/// AVFoundation and reports the user's taps to it. Videos are recorded without sound, so only
/// camera access is needed.
public final class QEDVideoPlayRecordViewController: UIViewController {
    /// Why the screen cannot work.
    public typealias SetupError = QEDVideoPlayRecordController.SetupError

    /// Told about deletions, recordings and dismissals; not retained.
    public weak var delegate: (any QEDVideoPlayRecordViewControllerDelegate)?

    private let forwarder: Forwarder
    private let controller: QEDVideoPlayRecordController
    private let captureSession = AVCaptureSession()
    private let movieOutput = AVCaptureMovieFileOutput()
    private lazy var previewLayer = AVCaptureVideoPreviewLayer(session: captureSession)
    private let player = AVPlayer()
    private lazy var playerLayer = AVPlayerLayer(player: player)
    private let recordButton = UIButton(type: .system)
    private let playButton = UIButton(type: .system)
    private let deleteButton = UIButton(type: .system)
    private let confirmButton = UIButton(type: .system)
    private let cancelButton = UIButton(type: .system)

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - delegate: Told about deletions, recordings and dismissals; not retained.
    ///   - directory: Where new recordings are written.
    ///   - fileURL: A video to play back; without one (or if no file is there) the screen
    ///     records.
    ///   - autoplay: Whether that video starts playing when the screen appears.
    public init(delegate: any QEDVideoPlayRecordViewControllerDelegate, directory: URL, fileURL: URL? = nil, autoplay: Bool = false) {
        let forwarder = Forwarder()
        self.forwarder = forwarder
        self.controller = QEDVideoPlayRecordController(delegate: forwarder, directory: directory, fileURL: fileURL, autoplay: autoplay)
        self.delegate = delegate
        super.init(nibName: nil, bundle: nil)
        forwarder.screen = self
    }

    @available(*, unavailable, message: "Use init(delegate:directory:fileURL:autoplay:)")
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        view.layer.addSublayer(previewLayer)
        view.layer.addSublayer(playerLayer)
        previewLayer.videoGravity = .resizeAspectFill
        let buttons: [(UIButton, String, Selector)] = [
            (cancelButton, "Cancel", #selector(cancelTapped)),
            (deleteButton, "Delete", #selector(deleteTapped)),
            (recordButton, "Record", #selector(recordTapped)),
            (playButton, "Play", #selector(playTapped)),
            (confirmButton, "Done", #selector(confirmTapped)),
        ]
        for (button, title, action) in buttons {
            button.setTitle(title, for: .normal)
            button.addTarget(self, action: action, for: .touchUpInside)
        }
        let bar = UIStackView(arrangedSubviews: buttons.map { $0.0 })
        bar.distribution = .equalSpacing
        bar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 20),
            bar.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -20),
            bar.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -20),
        ])
        render()
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        previewLayer.frame = view.bounds
        playerLayer.frame = view.bounds
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if controller.mode == .recording {
            startCamera()
        } else if controller.shouldPlayAutomatically {
            player.play()
        }
    }

    /// Shows the controller's current state.
    private func render() {
        switch controller.mode {
        case .recording:
            player.replaceCurrentItem(with: nil)
        case .playback(let url):
            player.replaceCurrentItem(with: AVPlayerItem(url: url))
            captureSession.stopRunning()
        }
        let recording = controller.mode == .recording
        previewLayer.isHidden = !recording
        playerLayer.isHidden = recording
        recordButton.isHidden = !recording
        playButton.isHidden = recording
        deleteButton.isHidden = !controller.canDeleteFile
    }

    /// Asks for camera access if needed, then starts the camera, or reports why it cannot.
    private func startCamera() {
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .authorized:
            configureAndRunSession()
        case .notDetermined:
            Task {
                if await AVCaptureDevice.requestAccess(for: .video) {
                    configureAndRunSession()
                } else {
                    controller.setupFailed(.userNotAllowedToUseCamera)
                }
            }
        default:
            controller.setupFailed(.userNotAllowedToUseCamera)
        }
    }

    private func configureAndRunSession() {
        if captureSession.inputs.isEmpty {
            guard let camera = AVCaptureDevice.default(for: .video) else {
                return controller.setupFailed(.errorSettingUpForRecording(description: "This device has no camera."))
            }
            do {
                let input = try AVCaptureDeviceInput(device: camera)
                guard captureSession.canAddInput(input), captureSession.canAddOutput(movieOutput) else {
                    return controller.setupFailed(.errorSettingUpForRecording(description: "The camera cannot record movies."))
                }
                captureSession.addInput(input)
                captureSession.addOutput(movieOutput)
            } catch {
                return controller.setupFailed(.errorSettingUpForRecording(description: error.localizedDescription))
            }
        }
        captureSession.startRunning()
    }

    @objc private func recordTapped() {
        if movieOutput.isRecording {
            movieOutput.stopRecording()
            recordButton.setTitle("Record", for: .normal)
        } else {
            movieOutput.startRecording(to: controller.urlForNewRecording(), recordingDelegate: self)
            recordButton.setTitle("Stop", for: .normal)
        }
    }

    @objc private func playTapped() {
        player.seek(to: .zero)
        player.play()
    }

    @objc private func deleteTapped() {
        if controller.userRequestedDeletion() {
            render()
            startCamera()
        }
    }

    @objc private func confirmTapped() {
        controller.userRequestedDismissal(keepingFile: true)
    }

    @objc private func cancelTapped() {
        controller.userRequestedDismissal(keepingFile: false)
    }
}

extension QEDVideoPlayRecordViewController: AVCaptureFileOutputRecordingDelegate {
    public nonisolated func fileOutput(
        _ output: AVCaptureFileOutput, didFinishRecordingTo outputFileURL: URL, from connections: [AVCaptureConnection], error: (any Error)?
    ) {
        Task { @MainActor in
            if let error {
                controller.setupFailed(.errorSettingUpForRecording(description: error.localizedDescription))
            } else {
                controller.userFinishedRecording(to: outputFileURL)
                render()
            }
        }
    }
}

/// Passes the controller's delegate calls on to the screen's delegate, with the screen as the
/// controller they are about.
@MainActor
private final class Forwarder: QEDVideoPlayRecordControllerDelegate {
    weak var screen: QEDVideoPlayRecordViewController?

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, allowToDeleteFileAt fileURL: URL) -> Bool {
        guard let screen, let delegate = screen.delegate else { return false }
        return delegate.videoPlayRecordController(screen, allowToDeleteFileAt: fileURL)
    }

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, fileDeletionRequestedFor fileURL: URL) {
        guard let screen else { return }
        screen.delegate?.videoPlayRecordController(screen, fileDeletionRequestedFor: fileURL)
    }

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, userRecordedFileAt fileURL: URL) {
        guard let screen else { return }
        screen.delegate?.videoPlayRecordController(screen, userRecordedFileAt: fileURL)
    }

    func videoPlayRecordController(
        _ controller: QEDVideoPlayRecordController, dismissalRequestWithNewRecordedFileAt fileURL: URL?, keepingFile keep: Bool
    ) {
        guard let screen else { return }
        screen.delegate?.videoPlayRecordController(screen, dismissalRequestWithNewRecordedFileAt: fileURL, keepingFile: keep)
    }

    func videoPlayRecordController(_ controller: QEDVideoPlayRecordController, dismissalRequestDueTo error: QEDVideoPlayRecordController.SetupError) {
        guard let screen else { return }
        screen.delegate?.videoPlayRecordController(screen, dismissalRequestDueTo: error)
    }
}
#endif

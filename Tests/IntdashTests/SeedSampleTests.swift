import ChanceryTestSupport
import Foundation
import Intdash
import Synchronization
import Testing

/// The realtime samples of the intdash SDK document (downstream, upstream, the data file
/// manager), run against a real server.
///
/// The sample's code is kept as the document writes it, in one object as the document's
/// `ExampleViewController`, without UIKit. The changes: its `print` calls go to ``say(_:)``,
/// which the test reads; the session is a device's (its edge's client credentials) or the
/// administrator's, where the document signs a person in first (that flow has its own test,
/// `OAuth2BrowserSignInTests`); the data directory is the test's; and `[weak self]` captures
/// are strong, the object living as long as the test.
final class ExampleViewController: IntdashClientUpstreamManagerDelegate, IntdashClientDownstreamManagerDelegate, @unchecked Sendable {
    // @unchecked: the sample's own state, which the test touches only between steps it waits for.

    var session: IntdashClient.Session?
    var signInEdgeUuid: String?
    var intdash: IntdashClient?
    var downstreamIds: [Int]?
    /// ダウンストリームを行う対象のエッジのUUID
    var downstreamTargetEdgeUuid = ""
    var targetChannel: Int = 1
    var upstreamId: Int?
    var upstreamIds: [Int]?
    var intdashDataFileManager: IntdashDataFileManager?
    var isSaveToServer: Bool = true
    var intdashDataFileParentPath: String
    var baseTime: TimeInterval = -1

    /// What the sample printed.
    let said = Mutex<[String]>([])
    /// Wakes tests waiting for something to be said.
    let saying = StateChanges()

    init(session: IntdashClient.Session?, dataDirectory: String) {
        self.session = session
        self.intdashDataFileParentPath = dataDirectory
    }

    func say(_ message: String) {
        said.withLock { $0.append(message) }
        saying.changed()
    }

    // MARK: The document's downstream sample

    func startDownsteram() {
        let intdash = IntdashClient()
        intdash.session = self.session
        self.intdash = intdash
        intdash.downstreamManager.addDelegate(delegate: self)
        intdash.connect { (error) in
            if let error = error {
                self.say("Failed to connect to the intdash server. \(error.localizedDescription)")
                return
            }
            let streamId: Int
            do {
                streamId = try intdash.downstreamManager.open(srcEdgeId: self.downstreamTargetEdgeUuid)
            } catch {
                self.say("Failed to open downstream. \(error)")
                return
            }
            if self.downstreamIds == nil {
                self.downstreamIds = [streamId]
            } else {
                self.downstreamIds?.append(streamId)
            }
            let downstreamFilter = self.makeDownstreamFilters(streamId: streamId, channel: self.targetChannel)
            intdash.downstreamManager.sync(
                completion: { (errors) in
                    if let errors = errors {
                        self.say("Failed to request dowsntream. \(errors)")
                        return
                    }
                    self.say("Success to downstream request.")
                }, filters: downstreamFilter)
        }
    }

    func makeDownstreamFilters(streamId: Int, channel: Int) -> IntdashClient.DownstreamManager.RequestFilters? {
        let downstreamFilters = IntdashClient.DownstreamManager.RequestFilters()
        downstreamFilters.append(streamId: streamId, channelNum: 1, dataType: .generalSensor, ids: [1, 3, 4])
        downstreamFilters.append(streamId: streamId, channelNum: channel, dataType: .h264, id: nil)
        return downstreamFilters
    }

    func downstreamManagerDidParseDataPoints(_ manager: IntdashClient.DownstreamManager, streamId: Int, dataPoints: [RealtimeDataPoint]) {
        say("Received \(dataPoints.count) data points.")
    }

    func stopDownstream() {
        guard let intdash = self.intdash else { return }
        self.intdash = nil
        let group = DispatchGroup()
        if let streamIds = self.downstreamIds {
            self.downstreamIds = nil
            group.enter()
            DispatchQueue.global().async {
                intdash.downstreamManager.close(streamIds: streamIds) { (error) in
                    if let error = error {
                        self.say("Failed to close downstream. \(error.localizedDescription)")
                    } else {
                        self.say("Success to close downstream.")
                    }
                    intdash.downstreamManager.removeClosedDownstream()
                    group.leave()
                }
            }
        }
        group.notify(queue: .global()) {
            intdash.disconnect { (error) in
                if let error = error {
                    self.say("Failed to disconnect to the intdash server. \(error.localizedDescription)")
                } else {
                    self.say("Success to disconnect to the intdash server.")
                }
            }
        }
    }

    // MARK: The document's upstream sample

    func startUpstream() {
        guard let edgeUuid = self.signInEdgeUuid else { return }
        let intdash = IntdashClient()
        self.intdash = intdash
        intdash.session = self.session
        intdash.upstreamManager.addDelegate(delegate: self)
        intdash.connect { (error) in
            if let error = error {
                self.say("Failed to connect to the intdash server. \(error.localizedDescription)")
                return
            }
            intdash.upstreamManager.requestMeasurementId(edgeUuid: edgeUuid) { (measurementId, error) in
                guard let measurementId = measurementId else {
                    self.say("Failed to requestMeasurementId. \(error?.localizedDescription ?? "")")
                    return
                }
                let streamId: Int
                do {
                    streamId = try intdash.upstreamManager.open(measurementId: measurementId, srcEdgeId: edgeUuid, store: self.isSaveToServer)
                } catch {
                    self.say("Failed to open upstream. \(error)")
                    return
                }
                self.upstreamId = streamId
                if self.upstreamIds == nil {
                    self.upstreamIds = [streamId]
                } else {
                    self.upstreamIds?.append(streamId)
                }
                intdash.upstreamManager.sync { (error) in
                    if let error = error {
                        self.say("Failed to request upstream. \(error)")
                        return
                    }
                    if self.isSaveToServer {
                        do {
                            let fileManager = try IntdashDataFileManager(parentPath: "\(self.intdashDataFileParentPath)/\(measurementId)")
                            try fileManager.setMeasurementId(id: measurementId)
                            self.intdashDataFileManager = fileManager
                        } catch {
                            self.say("Failed to setup file manager. \(error.localizedDescription)")
                        }
                    }
                    self.say("Success to request upstream.")
                }
            }
        }
    }

    func upstreamManager(
        _ manager: IntdashClient.UpstreamManager, didReceiveEndOfSection sectionId: Int, streamId: Int, success: Bool, final: Bool, sentCount: Int
    ) {
        if final { say("End of the final section: \(success ? "success" : "failure"), \(sentCount) sent.") }
    }

    func sendFirstData(baseTime: TimeInterval, streamId: Int, channel: Int) {
        self.baseTime = baseTime
        guard let intdash = self.intdash else { return }
        do {
            try self.intdashDataFileManager?.setBaseTime(time: baseTime)
            try intdash.upstreamManager.sendFirstData(baseTime, streamId: streamId, channelNum: channel)
        } catch {
            self.say("Failed to send first data. \(error.localizedDescription)")
            return
        }
    }

    func generateData() {
        guard let streamId = self.upstreamId else { return }
        let timestamp = Date().timeIntervalSince1970
        if self.baseTime == -1 {
            self.sendFirstData(baseTime: timestamp, streamId: streamId, channel: self.targetChannel)
        }
        let value: Int = 1
        guard let data = try? IntdashData.DataInt(id: "intdash-data-example-id", data: Int64(value)) else { return }
        self.sendData(data: data, streamId: streamId, timestamp: timestamp)
    }

    /// The document sends from a global queue; the test sends in order, on its own task.
    func sendData(data: IntdashData, streamId: Int, timestamp: TimeInterval) {
        guard let intdash = self.intdash else { return }
        let elapsedTime = timestamp - self.baseTime
        guard elapsedTime >= 0 else { return }
        do {
            if let fileManager = self.intdashDataFileManager {
                _ = try fileManager.write(units: [data], elapsedTime: elapsedTime)
            }
            try intdash.upstreamManager.sendUnit(data, elapsedTime: elapsedTime, streamId: streamId)
        } catch {
            self.say("Failed to send data. \(error.localizedDescription)")
            return
        }
    }

    func stopUpstream() {
        guard let intdash = self.intdash else { return }
        self.intdash = nil
        let now = Date().timeIntervalSince1970
        let duration = now - self.baseTime
        try? self.intdashDataFileManager?.setDuration(duration: duration)
        self.intdashDataFileManager = nil
        let group = DispatchGroup()
        if let streamId = self.upstreamId {
            self.upstreamId = nil
            do {
                try intdash.upstreamManager.sendLastData(streamId: streamId)
            } catch {
                self.say("Failed to send last data. \(error.localizedDescription)")
            }
            if let streamIds = self.upstreamIds {
                self.upstreamIds = nil
                group.enter()
                DispatchQueue.global().async {
                    intdash.upstreamManager.close(streamIds: streamIds) { (error) in
                        if let error = error {
                            self.say("Failed to close upstream. \(error.localizedDescription)")
                        } else {
                            self.say("Success to close upstream.")
                        }
                        intdash.upstreamManager.removeClosedUpstream()
                        group.leave()
                    }
                }
            }
        }
        group.notify(queue: .global()) {
            intdash.disconnect { (error) in
                if let error = error {
                    self.say("Failed to disconnect to the intdash server. \(error.localizedDescription)")
                } else {
                    self.say("Success to disconnect to the intdash server.")
                }
            }
        }
    }
}

@Suite(.serialized, .timeLimit(.minutes(10))) struct SeedSampleTests {
    /// Waits until `sample` said `message` (bounded), and returns everything it said.
    static func waitUntil(_ sample: ExampleViewController, said message: String) async -> [String] {
        _ = await sample.saying.wait { sample.said.withLock { $0.contains(message) } }
        return sample.said.withLock { $0 }
    }

    @Test func theDocumentsUpstreamAndDownstreamSamplesRun() async throws {
        try await IntdashServer.with { server in
            try await TemporaryDirectory.with { directory in
                let edge = try await server.createEdge(name: "sample-device")
                let device = ExampleViewController(session: try await server.client(signedInAs: edge).session, dataDirectory: directory)
                device.signInEdgeUuid = edge.uuid
                let viewer = ExampleViewController(session: server.session(), dataDirectory: directory)
                viewer.downstreamTargetEdgeUuid = edge.uuid

                viewer.startDownsteram()
                #expect(await Self.waitUntil(viewer, said: "Success to downstream request.") == ["Success to downstream request."])

                device.startUpstream()
                #expect(await Self.waitUntil(device, said: "Success to request upstream.") == ["Success to request upstream."])
                let measurementId = try #require(device.intdashDataFileManager?.measurementId)
                for _ in 0..<5 { device.generateData() }
                device.stopUpstream()
                let said = await Self.waitUntil(device, said: "Success to disconnect to the intdash server.")
                #expect(said.contains("Success to close upstream."))
                #expect(said.contains("End of the final section: success, 6 sent."), "\(said)")
                #expect(!said.contains { $0.hasPrefix("Failed") }, "\(said)")

                // Kept on the device: the measurement's id, base time and duration, and the five units.
                let kept = try IntdashDataFileManager.load(parentPath: "\(directory)/\(measurementId)")
                #expect(kept.measurementId == measurementId)
                #expect(kept.baseTime == device.baseTime)
                #expect((kept.duration ?? 0) >= 0)
                // And on the server: the measurement the sample asked for.
                let stored = try await server.client().measurements.get(uuid: measurementId)
                #expect(stored.edgeUuid == edge.uuid)

                viewer.stopDownstream()
                let viewerSaid = await Self.waitUntil(viewer, said: "Success to disconnect to the intdash server.")
                #expect(viewerSaid.contains("Success to close downstream."), "\(viewerSaid)")
            }
        }
    }
}

import Foundation
import ISCP
import Locking

extension IntdashClient.UpstreamManager {
    // MARK: Sending data

    /// Sends the base time of the measurement, which must precede every other unit of the
    /// stream, as a BaseTime unit at elapsed time 0 on channel `channelNum`, which the
    /// stream's later units use too.
    ///
    /// - Parameter baseTime: Seconds since 1970.
    public func sendFirstData(
        _ baseTime: TimeInterval, streamId: Int, channelNum: Int, baseTimeType: IntdashData.DataBaseTime.TimeType = .edge
    ) throws {
        guard let channel = UInt8(exactly: channelNum) else {
            throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "channel \(channelNum) is not between 0 and 255")
        }
        try updateStream(streamId) { stream in
            stream.channel = channel
            stream.firstDataSent = true
        }
        try sendBaseTime(baseTime, baseTimeType: baseTimeType, streamId: streamId)
    }

    /// Sends another base time (a better clock, such as NTP) at elapsed time 0.
    public func sendBaseTime(_ baseTime: TimeInterval, baseTimeType: IntdashData.DataBaseTime.TimeType, streamId: Int) throws {
        try send(
            [IntdashData.DataBaseTime(type: baseTimeType, baseTime: baseTime)], elapsedTime: 0, streamId: streamId, channelNum: nil, isFirstData: true
        )
    }

    /// Sends `data` taken `elapsedTime` seconds after the base time, on the stream's channel.
    public func sendUnit(_ data: IntdashData, elapsedTime: TimeInterval, streamId: Int) throws {
        try send([data], elapsedTime: elapsedTime, streamId: streamId, channelNum: nil, isFirstData: false)
    }

    /// Sends `data` taken `elapsedTime` seconds after the base time, on channel `channelNum`.
    public func sendUnit(_ data: IntdashData, elapsedTime: TimeInterval, streamId: Int, channelNum: Int) throws {
        try send([data], elapsedTime: elapsedTime, streamId: streamId, channelNum: channelNum, isFirstData: false)
    }

    /// Sends values all taken `elapsedTime` seconds after the base time, on the stream's channel.
    public func sendUnits(_ data: [IntdashData], elapsedTime: TimeInterval, streamId: Int) throws {
        try send(data, elapsedTime: elapsedTime, streamId: streamId, channelNum: nil, isFirstData: false)
    }

    /// Sends values all taken `elapsedTime` seconds after the base time, on channel `channelNum`.
    public func sendUnits(_ data: [IntdashData], elapsedTime: TimeInterval, streamId: Int, channelNum: Int) throws {
        try send(data, elapsedTime: elapsedTime, streamId: streamId, channelNum: channelNum, isFirstData: false)
    }

    /// Ends the measurement: the current section, or an empty one, ends with a final EOS
    /// marker, after which the server ends the measurement once it has stored it.
    public func sendLastData(streamId: Int) throws {
        let (bytes, events) = try updateStream(streamId) { stream -> ([UInt8], [SectionEvent]) in
            var events: [SectionEvent] = []
            var bytes: [UInt8] = []
            if stream.current == nil {
                let section = UpstreamSection(id: stream.nextSectionID, index: stream.unacknowledged.last?.index ?? 0, startedAt: Date())
                stream.nextSectionID &+= 1
                stream.current = section
                bytes += Self.startMarker(of: section, streamID: stream.streamID)
            }
            bytes += Self.endCurrentSection(of: &stream, isFinal: true, events: &events)
            return (stream.phase == .open ? bytes : [], events)
        }
        transmit(bytes)
        report(events)
    }

    /// Encodes `data` as units and adds them to the right section of the stream.
    private func send(_ data: [IntdashData], elapsedTime: TimeInterval, streamId: Int, channelNum: Int?, isFirstData: Bool) throws {
        guard elapsedTime >= 0, elapsedTime < 8_388_608 else {
            throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "elapsed time \(elapsedTime) s is out of iSCP 1.0's range")
        }
        let explicitChannel = try channelNum.map { number -> UInt8 in
            guard let channel = UInt8(exactly: number) else {
                throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "channel \(number) is not between 0 and 255")
            }
            return channel
        }
        let elapsed = ISCP1ElapsedTime(nanoseconds: UInt64((elapsedTime * 1_000_000_000).rounded()), precision: .nanoseconds)
        let (bytes, events) = try updateStream(streamId) { stream -> ([UInt8], [SectionEvent]) in
            guard isFirstData || stream.firstDataSent else {
                throw IntdashClientUpstreamManagerError(
                    kind: .needToSendFirstData, message: "send the first data (the base time) of stream \(streamId) first")
            }
            let units: [[UInt8]]
            do {
                units = try data.map { value in
                    let unit = ISCP1Unit(
                        streamID: stream.streamID, channel: explicitChannel ?? stream.channel, rawDataType: value.dataType.rawValue,
                        elapsedTime: elapsed,
                        payload: try value.payloadBytes()
                    )
                    return try IntdashPacketHelper.encodedElements([.unit(unit)])
                }
            } catch {
                throw IntdashClientUpstreamManagerError(kind: .failedToCreateUnit, message: "\(error)")
            }
            var events: [SectionEvent] = []
            var bytes: [UInt8] = []
            guard let slot = stream.sectionSlot(for: elapsedTime) else {
                throw IntdashClientUpstreamManagerError(
                    kind: .invalidArguments, message: "elapsed time \(elapsedTime) s is in no section this resend stream sends")
            }
            if let current = stream.current, current.id != slot.id {
                bytes += Self.endCurrentSection(of: &stream, isFinal: false, events: &events)
            }
            if stream.current == nil {
                let section = UpstreamSection(id: slot.id, index: slot.index, startedAt: Date())
                bytes += Self.startMarker(of: section, streamID: stream.streamID)
                stream.current = section
            }
            for unit in units {
                stream.current?.append(unit, elapsedTime: elapsedTime)
                bytes += unit
            }
            return (stream.phase == .open ? bytes : [], events)
        }
        transmit(bytes)
        report(events)
    }

    /// Runs `body` on the stream `streamId`, which must exist and not be closed.
    @discardableResult
    func updateStream<Result>(_ streamId: Int, _ body: (inout UpstreamStream) throws -> Result) throws -> Result {
        try state.withLock { state in
            guard let streamID = UInt8(exactly: streamId), var stream = state.streams[streamID], stream.phase != .closed else {
                throw IntdashClientUpstreamManagerError(kind: .upstreamSpecIsNotFound, message: "no open upstream has stream id \(streamId)")
            }
            let result = try body(&stream)
            state.streams[streamID] = stream
            return result
        }
    }

    // MARK: Sections

    /// The SOS marker of `section`.
    static func startMarker(of section: UpstreamSection, streamID: UInt8) -> [UInt8] {
        (try? IntdashPacketHelper.encodedElements([.startOfSection(ISCP1StartOfSection(streamID: streamID, serialNumber: section.id))])) ?? []
    }

    /// The EOS marker of `section`.
    static func endMarker(of section: UpstreamSection, streamID: UInt8) -> [UInt8] {
        let marker = ISCP1EndOfSection(streamID: streamID, isFinal: section.isFinal, serialNumber: section.id)
        return (try? IntdashPacketHelper.encodedElements([.endOfSection(marker)])) ?? []
    }

    /// Ends the stream's current section, if any: it waits for its acknowledgement from now
    /// on. Returns its EOS marker.
    static func endCurrentSection(of stream: inout UpstreamStream, isFinal: Bool, events: inout [SectionEvent]) -> [UInt8] {
        guard var section = stream.current else { return [] }
        stream.current = nil
        section.isFinal = isFinal
        stream.unacknowledged.append(section)
        events.append(.generated(section, streamID: stream.streamID))
        return endMarker(of: section, streamID: stream.streamID)
    }

    /// Every element the stream holds, to be sent when it (re)opens: its unacknowledged
    /// sections whole, then the start of its current section.
    static func heldElements(of stream: UpstreamStream) -> [UInt8] {
        var bytes: [UInt8] = []
        for section in stream.unacknowledged {
            bytes += startMarker(of: section, streamID: stream.streamID)
            for unit in section.units { bytes += unit }
            bytes += endMarker(of: section, streamID: stream.streamID)
        }
        if let current = stream.current {
            bytes += startMarker(of: current, streamID: stream.streamID)
            for unit in current.units { bytes += unit }
        }
        return bytes
    }

    /// Takes the server's acknowledgement of a section.
    func receive(_ ack: ISCP1SectionAck) {
        let event = state.withLock { state -> SectionEvent? in
            guard var stream = state.streams[ack.streamID],
                let position = stream.unacknowledged.firstIndex(where: { $0.id == ack.serialNumber })
            else { return nil }
            let section = stream.unacknowledged.remove(at: position)
            state.streams[ack.streamID] = stream
            return .acknowledged(section, streamID: ack.streamID, success: ack.resultCode == .ok)
        }
        report(event.map { [$0] } ?? [])
    }

    /// Starts the task that ends sections a section length old, unless it runs.
    func startSectionTimer() {
        state.withLock { state in
            guard state.sectionTimer == nil else { return }
            state.sectionTimer = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 50_000_000)
                    self?.endOldSections(at: Date())
                }
            }
        }
    }

    /// Ends the sections that started a section length before `now`.
    func endOldSections(at now: Date) {
        let (bytes, events) = state.withLock { state -> ([UInt8], [SectionEvent]) in
            var bytes: [UInt8] = []
            var events: [SectionEvent] = []
            for (streamID, var stream) in state.streams {
                guard let current = stream.current, stream.phase != .closed,
                    current.startedAt.addingTimeInterval(stream.sectionInterval) <= now
                else { continue }
                let marker = Self.endCurrentSection(of: &stream, isFinal: false, events: &events)
                if stream.phase == .open { bytes += marker }
                state.streams[streamID] = stream
            }
            return (bytes, events)
        }
        transmit(bytes)
        report(events)
    }

    // MARK: Reconnection

    /// Marks the open upstreams interrupted: the connection is gone, and with it the
    /// server's knowledge of them.
    func connectionLost() {
        state.withLock { state in
            for (streamID, stream) in state.streams where stream.phase == .open {
                state.streams[streamID]?.phase = .interrupted
            }
        }
    }

    /// Announces the interrupted upstreams again on the new connection, with the resend
    /// flag, and sends their unacknowledged sections again; a section already sent again as
    /// many times as its stream allows is given up, and reported as failed.
    public func reconnect() async -> Bool {
        let (specs, givenUp) = state.withLock { state -> ([ISCP1UpstreamSpec], [SectionEvent]) in
            var specs: [ISCP1UpstreamSpec] = []
            var givenUp: [SectionEvent] = []
            for (streamID, var stream) in state.streams where stream.phase == .interrupted {
                var spec = stream.spec
                spec.resend = spec.resend || !stream.unacknowledged.isEmpty
                specs.append(spec)
                var kept: [UpstreamSection] = []
                for var section in stream.unacknowledged {
                    if section.resendCount < stream.retryCount {
                        section.resendCount += 1
                        kept.append(section)
                    } else {
                        givenUp.append(.acknowledged(section, streamID: streamID, success: false))
                    }
                }
                stream.unacknowledged = kept
                state.streams[streamID] = stream
            }
            return (specs, givenUp)
        }
        report(givenUp)
        guard !specs.isEmpty else { return true }
        do {
            try await requestSpecs(specs, retryCount: Self.defaultRetryCountOfRequestingSpecs)
        } catch {
            return false
        }
        let bytes = state.withLock { state in
            var bytes: [UInt8] = []
            for spec in specs where state.streams[spec.streamID]?.phase == .interrupted {
                state.streams[spec.streamID]?.phase = .open
                if let stream = state.streams[spec.streamID] { bytes += Self.heldElements(of: stream) }
            }
            return bytes
        }
        transmit(bytes)
        return true
    }

    /// Announces the interrupted upstreams again; see ``reconnect()``.
    public func reconnect(completion: (@Sendable (Bool) -> Void)? = nil) {
        Task {
            let success = await reconnect()
            completion?(success)
        }
    }
}

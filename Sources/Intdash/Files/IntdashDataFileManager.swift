import Foundation

/// Stores the units of a measurement on disk, bucketed by second of elapsed time, so that an
/// app can record offline and send or resend later.
///
/// The layout under ``parentPath`` is the SDK's own:
///
/// ```
/// info.json           the meta properties below, as JSON
/// Units/<s>.units     the units whose elapsed time is in [s, s + 1), in write order, as records:
///                     elapsed time f64 LE | length u32 LE | that many bytes of iSCP 1.0 unit
///                     elements (IntdashPacketHelper.generatePackets)
/// ```
///
/// Within a second, the units of one elapsed time form a group, and the groups are numbered
/// from 0 by ascending elapsed time: ``read(elapsedTime:index:completion:)`` reads group
/// `index` of second `elapsedTime`. Setting a meta property writes `info.json` at once; the
/// `set…` methods do the same and report a failure. Instances are not thread-safe.
///
/// ```swift
/// let file = try IntdashDataFileManager(parentPath: directory)
/// try file.setBaseTime(time: Date().timeIntervalSince1970)
/// try file.write(units: [try IntdashData.DataFloat(id: "speed", data: 1)], elapsedTime: 0.25)
/// file.read(elapsedTime: 0, index: 0) { error, units, elapsedTime in … }
/// ```
public class IntdashDataFileManager: Codable {
    private enum CodingKeys: String, CodingKey {
        case dataSize, baseTime, baseTime2, measurementId, streamChannels, duration, isUploaded, string
    }

    /// The name of the meta file.
    static let infoFileName = "info.json"
    /// The name of the units directory.
    static let unitsDirectoryName = "Units"

    /// The directory of the measurement.
    public private(set) var parentPath: String
    /// The bytes of the unit files.
    public private(set) var dataSize: UInt64 = 0
    /// The base time from the edge's clock, in seconds since 1970.
    public var baseTime: TimeInterval? { didSet { try? write() } }
    /// The base time from NTP, in seconds since 1970.
    public var baseTime2: TimeInterval? { didSet { try? write() } }
    /// The measurement's UUID on the server, once known.
    public var measurementId: String? { didSet { try? write() } }
    /// The number of channels recorded.
    public var streamChannels: Int? { didSet { try? write() } }
    /// The length of the measurement, in seconds.
    public var duration: TimeInterval? { didSet { try? write() } }
    /// Whether the measurement was sent to the server.
    public var isUploaded = false { didSet { try? write() } }
    /// Anything the app wants to keep with the measurement.
    public var string: String? { didSet { try? write() } }

    /// Creates the measurement directory at `parentPath`.
    ///
    /// - Parameter isOverwrite: Whether to replace a measurement already there; otherwise
    ///   that is an error.
    public init(parentPath: String, isOverwrite: Bool = false) throws {
        self.parentPath = parentPath
        let files = FileManager.default
        if files.fileExists(atPath: Self.infoPath(parentPath)) {
            guard isOverwrite else { throw IntdashDataFileError.alreadyExists(parentPath) }
            try files.removeItem(atPath: parentPath)
        }
        try files.createDirectory(atPath: Self.unitsPath(parentPath), withIntermediateDirectories: true)
        try write()
    }

    /// Opens the measurement stored at `parentPath`.
    public static func load(parentPath: String) throws -> IntdashDataFileManager {
        guard let data = FileManager.default.contents(atPath: infoPath(parentPath)) else { throw IntdashDataFileError.notFound(parentPath) }
        let manager = try JSONDecoder().decode(IntdashDataFileManager.self, from: data)
        manager.parentPath = parentPath
        return manager
    }

    /// Reads the meta properties; ``parentPath`` is where the file was found, not stored.
    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parentPath = ""
        dataSize = try container.decode(UInt64.self, forKey: .dataSize)
        baseTime = try container.decodeIfPresent(TimeInterval.self, forKey: .baseTime)
        baseTime2 = try container.decodeIfPresent(TimeInterval.self, forKey: .baseTime2)
        measurementId = try container.decodeIfPresent(String.self, forKey: .measurementId)
        streamChannels = try container.decodeIfPresent(Int.self, forKey: .streamChannels)
        duration = try container.decodeIfPresent(TimeInterval.self, forKey: .duration)
        isUploaded = try container.decode(Bool.self, forKey: .isUploaded)
        string = try container.decodeIfPresent(String.self, forKey: .string)
    }

    /// Writes the meta properties.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dataSize, forKey: .dataSize)
        try container.encodeIfPresent(baseTime, forKey: .baseTime)
        try container.encodeIfPresent(baseTime2, forKey: .baseTime2)
        try container.encodeIfPresent(measurementId, forKey: .measurementId)
        try container.encodeIfPresent(streamChannels, forKey: .streamChannels)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encode(isUploaded, forKey: .isUploaded)
        try container.encodeIfPresent(string, forKey: .string)
    }

    // MARK: Meta properties

    /// Sets and stores ``baseTime``.
    public func setBaseTime(time: TimeInterval?) throws { try set { $0.baseTime = time } }
    /// Sets and stores ``baseTime2``.
    public func setBaseTime2(time: TimeInterval?) throws { try set { $0.baseTime2 = time } }
    /// Sets and stores ``measurementId``.
    public func setMeasurementId(id: String) throws { try set { $0.measurementId = id } }
    /// Sets and stores ``streamChannels``.
    public func setStreamChannels(channels: Int?) throws { try set { $0.streamChannels = channels } }
    /// Sets and stores ``duration``.
    public func setDuration(duration: TimeInterval?) throws { try set { $0.duration = duration } }
    /// Sets and stores ``isUploaded``.
    public func setUploadFlag(flag: Bool) throws { try set { $0.isUploaded = flag } }
    /// Sets and stores ``string``.
    public func setString(str: String?) throws { try set { $0.string = str } }

    /// Changes a property and writes the meta file, reporting its failure.
    private func set(_ change: (IntdashDataFileManager) -> Void) throws {
        change(self)
        try write()
    }

    /// Writes the meta file, atomically.
    public func write() throws {
        let data = try JSONEncoder().encode(self)
        try data.write(to: URL(fileURLWithPath: Self.infoPath(parentPath)), options: .atomic)
    }

    // MARK: Units

    /// Appends `units`, taken at `timestamp` (seconds since 1970), to the second of their
    /// elapsed time since ``baseTime``; returns ``dataSize``.
    @discardableResult
    public func write(units: [IntdashData], timestamp: TimeInterval, withUpdateDataSize: Bool = true) throws -> Int {
        guard let baseTime else { throw IntdashDataFileError.baseTimeNotSet }
        return try write(units: units, elapsedTime: timestamp - baseTime, withUpdateDataSize: withUpdateDataSize)
    }

    /// Appends `units`, taken `elapsedTime` seconds after the base time, to the file of
    /// that second; returns ``dataSize``.
    ///
    /// - Parameter withUpdateDataSize: Whether to count the bytes in ``dataSize`` and store it.
    @discardableResult
    public func write(units: [IntdashData], elapsedTime: TimeInterval, withUpdateDataSize: Bool = true) throws -> Int {
        guard elapsedTime >= 0, elapsedTime.isFinite else { throw IntdashDataFileError.invalidElapsedTime(elapsedTime) }
        let packets = try IntdashPacketHelper.generatePackets(units: units)
        var record = Data()
        record.append(contentsOf: withUnsafeBytes(of: elapsedTime.bitPattern.littleEndian, Array.init))
        record.append(contentsOf: withUnsafeBytes(of: UInt32(packets.count).littleEndian, Array.init))
        record.append(packets)
        let path = unitFilePath(second: Int(elapsedTime.rounded(.down)))
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: record)
        try handle.synchronize()
        if withUpdateDataSize {
            try set { $0.dataSize += UInt64(record.count) }
        }
        return Int(dataSize)
    }

    /// Hands `completion` group `index` of second `elapsedTime`: its units and their elapsed
    /// time, or three `nil`s when the second has no such group, or the error that prevented
    /// reading.
    public func read(elapsedTime: Int, index: Int, completion: ((any Error)?, [IntdashData]?, TimeInterval?) -> Void) {
        do {
            let groups = try groups(second: elapsedTime)
            guard groups.indices.contains(index) else {
                completion(nil, nil, nil)
                return
            }
            let group = groups[index]
            let units = try group.packets.flatMap { try IntdashPacketHelper.parsePackets(data: $0) }
            completion(nil, units, group.elapsedTime)
        } catch {
            completion(error, nil, nil)
        }
    }

    /// The number of seconds the stored units span: the last second with units, plus one.
    public func getDataDuration() -> Int {
        Self.getDataDuration(parentPath: parentPath)
    }

    /// The number of seconds the units stored at `parentPath` span.
    public static func getDataDuration(parentPath: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: unitsPath(parentPath))) ?? []
        let seconds = names.compactMap { name -> Int? in
            guard name.hasSuffix(".units") else { return nil }
            return Int(name.dropLast(".units".count))
        }
        return (seconds.max() ?? -1) + 1
    }

    /// The number of groups (distinct elapsed times) stored in second `elapsedTime`: the
    /// indexes ``read(elapsedTime:index:completion:)`` takes are below it.
    public func getUnitSizePerSecond(elapsedTime: Int) -> Int {
        Self.getUnitSizePerSecond(parentPath: parentPath, elapsedTime: elapsedTime)
    }

    /// The number of groups stored in second `elapsedTime` at `parentPath`.
    public static func getUnitSizePerSecond(parentPath: String, elapsedTime: Int) -> Int {
        (try? groups(in: unitFilePath(parentPath, second: elapsedTime)).count) ?? 0
    }

    /// Deletes the stored units and sets ``dataSize`` to 0; the meta properties stay.
    public func clear() throws {
        let units = Self.unitsPath(parentPath)
        try? FileManager.default.removeItem(atPath: units)
        try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
        try set { $0.dataSize = 0 }
    }

    /// Deletes the measurement directory.
    public func remove() throws {
        try Self.remove(parentPath: parentPath)
    }

    /// Deletes the measurement directory at `parentPath`.
    public static func remove(parentPath: String) throws {
        try FileManager.default.removeItem(atPath: parentPath)
    }

    // MARK: Moving and copying

    /// Moves the measurement to `toParentPath`, which must not hold one.
    public func move(toParentPath: String) throws { try move(toParentPath: toParentPath, isOverwrite: false) }
    /// Moves the measurement at `fromParentPath` to `toParentPath`, which must not hold one.
    public static func move(fromParentPath: String, toParentPath: String) throws {
        try move(fromParentPath: fromParentPath, toParentPath: toParentPath, isOverwrite: false)
    }
    /// Moves the measurement to `toParentPath`, replacing one there when `isOverwrite`.
    public func move(toParentPath: String, isOverwrite: Bool) throws {
        try Self.move(fromParentPath: parentPath, toParentPath: toParentPath, isOverwrite: isOverwrite)
        parentPath = toParentPath
    }
    /// Moves the measurement at `fromParentPath` to `toParentPath`, replacing one there when `isOverwrite`.
    public static func move(fromParentPath: String, toParentPath: String, isOverwrite: Bool) throws {
        try prepareDestination(toParentPath, isOverwrite: isOverwrite)
        try FileManager.default.moveItem(atPath: fromParentPath, toPath: toParentPath)
    }
    /// Copies the measurement to `toParentPath`, which must not hold one.
    public func copy(toParentPath: String) throws { try copy(toParentPath: toParentPath, isOverwrite: false) }
    /// Copies the measurement at `fromParentPath` to `toParentPath`, which must not hold one.
    public static func copy(fromParentPath: String, toParentPath: String) throws {
        try copy(fromParentPath: fromParentPath, toParentPath: toParentPath, isOverwrite: false)
    }
    /// Copies the measurement to `toParentPath`, replacing one there when `isOverwrite`.
    public func copy(toParentPath: String, isOverwrite: Bool) throws {
        try Self.copy(fromParentPath: parentPath, toParentPath: toParentPath, isOverwrite: isOverwrite)
    }
    /// Copies the measurement at `fromParentPath` to `toParentPath`, replacing one there when `isOverwrite`.
    public static func copy(fromParentPath: String, toParentPath: String, isOverwrite: Bool) throws {
        try prepareDestination(toParentPath, isOverwrite: isOverwrite)
        try FileManager.default.copyItem(atPath: fromParentPath, toPath: toParentPath)
    }

    /// Clears `path` for a move or copy: an error when something is there, unless `isOverwrite`.
    private static func prepareDestination(_ path: String, isOverwrite: Bool) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard isOverwrite else { throw IntdashDataFileError.alreadyExists(path) }
        try FileManager.default.removeItem(atPath: path)
    }

    // MARK: Files

    /// One group: an elapsed time and the packets written for it.
    struct Group {
        let elapsedTime: TimeInterval
        var packets: [Data]
    }

    /// The groups of second `second`, by ascending elapsed time.
    private func groups(second: Int) throws -> [Group] {
        try Self.groups(in: unitFilePath(second: second))
    }

    /// The groups of the unit file at `path`; none when it does not exist.
    static func groups(in path: String) throws -> [Group] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let bytes = [UInt8](data)
        var byTime: [UInt64: Group] = [:]
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { throw IntdashDataFileError.corrupted("\(path): a record header is cut off at byte \(offset)") }
            let time = Double(bitPattern: bytes[offset..<offset + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            let length = Int(bytes[offset + 8..<offset + 12].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            offset += 12
            guard length <= bytes.count - offset else { throw IntdashDataFileError.corrupted("\(path): a record of \(length) bytes is cut off") }
            byTime[time.bitPattern, default: Group(elapsedTime: time, packets: [])].packets.append(Data(bytes[offset..<offset + length]))
            offset += length
        }
        return byTime.values.sorted { $0.elapsedTime < $1.elapsedTime }
    }

    /// The meta file of the measurement at `parentPath`.
    static func infoPath(_ parentPath: String) -> String {
        (parentPath as NSString).appendingPathComponent(infoFileName)
    }

    /// The units directory of the measurement at `parentPath`.
    static func unitsPath(_ parentPath: String) -> String {
        (parentPath as NSString).appendingPathComponent(unitsDirectoryName)
    }

    /// The unit file of second `second` of the measurement at `parentPath`.
    static func unitFilePath(_ parentPath: String, second: Int) -> String {
        (unitsPath(parentPath) as NSString).appendingPathComponent("\(second).units")
    }

    /// The unit file of second `second`.
    private func unitFilePath(second: Int) -> String {
        Self.unitFilePath(parentPath, second: second)
    }
}

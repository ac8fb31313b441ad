import Accounts
import AsyncHTTPClient
import BenchmarkSupport
import ChanceryServer
import Foundation
import NIOCore
import NIOHTTP1
import Repository
import SQLKit
import Storage

#if canImport(Glibc)
import Glibc
#endif

/// One run of the benchmark against a started server: the measurements in order, each
/// printing its table.
struct BenchmarkRun: Sendable {
    let options: Options
    let client: NuxeoClient
    let adminKey: String
    let memberKey: String
    let platform: Platform
    let repository: Repository
    let directory: String

    static let workspaces = "/default-domain/workspaces"
    static let createFolders = 16
    /// Chunk sizes of the in-process blob store writes: about what the HTTP server hands the
    /// upload handler (strace: ~32 KiB per pwrite), and 1 MiB.
    static let storeChunkSizes = [32 << 10, 1 << 20]

    func all() async throws {
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        print("Chancery Repository benchmark: the whole server in process, Nuxeo REST API over HTTP/1.1 on loopback,")
        print("X-Api-Key authentication, SQLite WAL with synchronous=FULL, file blob store; \(cpus) cores shared by client and server.")
        print("Data directory: \(directory)")
        print("")
        switch options.only {
        case .creation:
            try await creation()
        case .blobs:
            try await blobThroughput()
        case nil:
            try await creation()
            try await blobThroughput()
            if options.largeMiB > 0 { try await largeUpload() }
            try await corpus()
        }
    }

    // MARK: 1. Document creation

    /// The path of the folder creation request `number` goes to.
    func createFolder(_ number: Int) -> String {
        "\(Self.workspaces)/create-bench/f\((number % Self.createFolders + Self.createFolders) % Self.createFolders)"
    }

    /// Creates one `File` in the creation folders, reading the answer but not decoding it.
    func createFile(_ name: String, number: Int) async throws {
        let body =
            #"{"entity-type":"document","repository":"default","type":"File","name":"\#(name)","properties":{"dc:title":"Created \#(name)","dc:description":"A document created by the benchmark"},"contextParameters":{},"facets":[],"isCheckedOut":false,"isProxy":false,"isTrashed":false,"isVersion":false}"#
        try await client.send(
            .POST, "/nuxeo/api/v1/path" + NuxeoClient.encodePath(createFolder(number)), key: adminKey,
            body: .bytes(ByteBuffer(string: body)), expecting: 201)
    }

    func creation() async throws {
        progress("document creation")
        try await client.createDocument(
            type: "Workspace", name: "create-bench", properties: ["dc:title": "Creation"], in: Self.workspaces, key: adminKey)
        for folder in 0..<Self.createFolders {
            try await client.createDocument(
                type: "Folder", name: "f\(folder)", properties: ["dc:title": "Folder \(folder)"],
                in: "\(Self.workspaces)/create-bench", key: adminKey)
        }
        // Warm up connections, caches and the allocator.
        _ = try await LoadMeasurement.run(count: 200, concurrency: 16) { number in try await createFile("warm-\(number)", number: number) }
        _ = try await LoadMeasurement.run(count: 200, concurrency: 16) { _ in try await me() }

        var table = Table("clients", "creates/s", "× reference", "p50", "p99", "reference req/s", "reference p50", "reference p99")
        for clients in options.clients {
            let reference = try await LoadMeasurement.run(count: options.creates, concurrency: clients) { _ in try await me() }
            let created = try await LoadMeasurement.run(count: options.creates, concurrency: clients) { number in
                try await createFile("c\(clients)-\(number)", number: number)
            }
            table.add(
                "\(clients)", Format.count(created.rate), Format.ratio(created.rate / reference.rate),
                Format.milliseconds(created.p50), Format.milliseconds(created.p99),
                Format.count(reference.rate), Format.milliseconds(reference.p50), Format.milliseconds(reference.p99))
        }
        print("1. Document creation: POST /nuxeo/api/v1/path/{folder} with a File entity (title, description), answered 201")
        print("   with the document; \(options.creates) documents per level over \(Self.createFolders) folders. Reference: GET /nuxeo/api/v1/me")
        print("   (same authentication middleware, a trivial answer) from the same clients.")
        print(table.text)
        print("")
    }

    /// `GET /nuxeo/api/v1/me` as the administrator: the reference request.
    func me() async throws {
        try await client.send(.GET, "/nuxeo/api/v1/me", key: adminKey, expecting: 200)
    }

    // MARK: 2. Blob throughput

    func blobThroughput() async throws {
        let size = Int64(options.blobMiB) << 20
        progress("blob throughput with \(options.blobMiB) MiB")
        let source = directory + "/bench-source.bin"
        let copy = directory + "/bench-copy.bin"
        let downloaded = directory + "/bench-download.bin"
        try Files.writeRandom(source, size: size)
        defer { try? FileManager.default.removeItem(atPath: source) }
        try await client.createDocument(type: "Folder", name: "blobs", properties: ["dc:title": "Blobs"], in: Self.workspaces, key: adminKey)

        var copies: [Double] = []
        var plainCopies: [Double] = []
        var directCopies: [Double] = []
        var uploads: [Double] = []
        var attaches: [Double] = []
        var downloads: [Double] = []
        var storeWrites: [Int: [Double]] = [:]
        let memoryDirectory = "/dev/shm/chancery-repository-bench-\(UUID().uuidString)"
        let memoryStore = FileManager.default.fileExists(atPath: "/dev/shm") ? try await FileBlobStore(directory: memoryDirectory) : nil
        defer { try? FileManager.default.removeItem(atPath: memoryDirectory) }
        for round in 0..<3 {
            copies.append(try await Self.time { try Files.streamedCopy(from: source, to: copy) })
            try FileManager.default.removeItem(atPath: copy)
            plainCopies.append(try await Self.time { try FileManager.default.copyItem(atPath: source, toPath: copy) })
            try FileManager.default.removeItem(atPath: copy)
            directCopies.append(try await Self.time { try Files.streamedCopy(from: source, to: copy, direct: true) })
            try FileManager.default.removeItem(atPath: copy)

            let batch = try await newBatch(key: adminKey)
            uploads.append(try await Self.time { try await upload(FileChunks(path: source), size: size, batch: batch, key: adminKey) })
            var uid = ""
            attaches.append(
                try await Self.time {
                    uid = try await client.createDocument(
                        type: "File", name: "blob-\(round)",
                        properties: ["dc:title": "Blob \(round)", "file:content": ["upload-batch": batch, "upload-fileId": "0"]],
                        in: "\(Self.workspaces)/blobs", key: adminKey
                    )
                })
            var received: Int64 = 0
            downloads.append(try await Self.time { received = try await download(uid, key: adminKey, to: downloaded) })
            guard received == size else { throw BenchmarkError("downloaded \(received) bytes of \(size)") }
            guard try Self.sameContent(source, downloaded) else { throw BenchmarkError("the downloaded blob differs from the uploaded file") }
            try FileManager.default.removeItem(atPath: downloaded)
            // The blob store alone, in process, on tmpfs (fsync costs nothing there): its CPU
            // cost for the chunk size HTTP delivers and for 1 MiB chunks, in alternating order
            // and removing each blob, so that neither always runs first or on a fuller tmpfs.
            if let memoryStore {
                for chunkSize in round % 2 == 0 ? Self.storeChunkSizes : Self.storeChunkSizes.reversed() {
                    let body = RepeatedBlock(count: size, chunkSize: chunkSize)
                    var stored: StoredBlob?
                    storeWrites[chunkSize, default: []].append(try await Self.time { stored = try await memoryStore.write(body) })
                    if let stored { try await memoryStore.delete(stored.digest) }
                }
            }
        }
        let reference = Self.median(copies)
        var table = Table("operation", "rate", "× reference", "median time (3 runs)")
        table.add(
            "reference: streamed copy, 1 MiB writes + fsync", Format.rate(bytes: size, seconds: reference), "1.00", Format.milliseconds(reference))
        let plain = Self.median(plainCopies)
        table.add(
            "FileManager.copyItem (no fsync)", Format.rate(bytes: size, seconds: plain), Format.ratio(reference / plain), Format.milliseconds(plain))
        let direct = Self.median(directCopies)
        table.add(
            "streamed copy by direct I/O (O_DIRECT) + fsync", Format.rate(bytes: size, seconds: direct), Format.ratio(reference / direct),
            Format.milliseconds(direct))
        let uploadTime = Self.median(uploads)
        table.add(
            "upload: POST /nuxeo/api/v1/upload/{batch}/0, streamed", Format.rate(bytes: size, seconds: uploadTime),
            Format.ratio(reference / uploadTime), Format.milliseconds(uploadTime))
        let downloadTime = Self.median(downloads)
        table.add(
            "download: GET …/@blob/file:content into a file + fsync", Format.rate(bytes: size, seconds: downloadTime),
            Format.ratio(reference / downloadTime), Format.milliseconds(downloadTime))
        table.add("attach: POST a File with the batch reference", "", "", Format.milliseconds(Self.median(attaches)))
        for chunkSize in Self.storeChunkSizes {
            guard let times = storeWrites[chunkSize] else { continue }
            let time = Self.median(times)
            table.add(
                "diagnostic: FileBlobStore.write on tmpfs, \(chunkSize >> 10) KiB chunks", Format.rate(bytes: size, seconds: time),
                Format.ratio(reference / time), Format.milliseconds(time))
        }
        print("2. Blob throughput: a \(options.blobMiB) MiB file of random bytes, read from the page cache by the client, through the")
        print("   batch upload API into the blob store (SHA-256, write, fsync, rename), attached to a new document, and")
        print("   downloaded into a file. Reference: copying the same file on the same disk, fsynced like the blob store;")
        print("   the blob store writes by direct I/O where the file system allows, shown here by the same copy with O_DIRECT.")
        print("   Diagnostic rows: the same number of bytes written by a FileBlobStore on /dev/shm (no HTTP, no disk) in 32 KiB")
        print("   and in 1 MiB buffers: the store's own CPU cost (SHA-256, one thread-pool write per buffer).")
        print(table.text)
        print("")
    }

    /// Creates an upload batch and returns its id.
    func newBatch(key: String) async throws -> String {
        guard let batch = try await client.json(.POST, "/nuxeo/api/v1/upload", key: key, expecting: 201)["batchId"] as? String else {
            throw BenchmarkError("no batchId")
        }
        return batch
    }

    /// Streams `body` (`size` bytes) as file 0 of `batch`.
    func upload<Body: AsyncSequence & Sendable>(_ body: Body, size: Int64, batch: String, key: String) async throws where Body.Element == ByteBuffer {
        try await client.send(
            .POST, "/nuxeo/api/v1/upload/\(batch)/0", key: key,
            headers: [
                ("X-File-Name", "bench.bin"), ("X-File-Size", "\(size)"), ("X-File-Type", "application/octet-stream"),
                ("Content-Type", "application/octet-stream"), ("Cache-Control", "no-cache"),
            ],
            body: .stream(body, length: .known(size)), expecting: 201
        )
    }

    /// Downloads the main blob of document `uid` into the file `path` (fsynced), or nowhere,
    /// and returns its size.
    func download(_ uid: String, key: String, to path: String?) async throws -> Int64 {
        let response = try await client.http.execute(
            client.request(.GET, "/nuxeo/api/v1/id/\(uid)/@blob/file:content", key: key), timeout: .minutes(30))
        guard response.status == .ok else { throw BenchmarkError("download: \(response.status)") }
        let descriptor = try path.map { try Files.open($0, flags: O_WRONLY | O_CREAT | O_TRUNC) }
        defer { if let descriptor { close(descriptor) } }
        var total: Int64 = 0
        for try await chunk in response.body {
            total += Int64(chunk.readableBytes)
            if let descriptor {
                try chunk.withUnsafeReadableBytes { try Files.writeAll(descriptor, $0.baseAddress!, $0.count) }
            }
        }
        if let descriptor, fsync(descriptor) != 0 { throw BenchmarkError("fsync: errno \(errno)") }
        return total
    }

    // MARK: 3. Memory during a large upload

    func largeUpload() async throws {
        let size = Int64(options.largeMiB) << 20
        progress("memory during a \(options.largeMiB) MiB upload")
        let batch = try await newBatch(key: adminKey)
        let body = RepeatedBlock(count: size)
        try await Task.sleep(for: .seconds(1))
        let before = ResidentMemory.current()
        let sampler = ResidentMemory()
        sampler.start()
        let uploadTime = try await Self.time { try await upload(body, size: size, batch: batch, key: adminKey) }
        let uploadSamples = await sampler.stop()
        let uid = try await client.createDocument(
            type: "File", name: "large", properties: ["dc:title": "Large", "file:content": ["upload-batch": batch, "upload-fileId": "0"]],
            in: "\(Self.workspaces)/blobs", key: adminKey
        )
        try await Task.sleep(for: .seconds(1))
        let beforeDownload = ResidentMemory.current()
        let downloadSampler = ResidentMemory()
        downloadSampler.start()
        var received: Int64 = 0
        let downloadTime = try await Self.time { received = try await download(uid, key: adminKey, to: nil) }
        let downloadSamples = await downloadSampler.stop()
        guard received == size else { throw BenchmarkError("downloaded \(received) bytes of \(size)") }

        let limit: Int64 = 64 << 20
        var table = Table(
            "request", "rate", "RSS before", "peak RSS", "peak growth", "growth, 1st half", "growth, 2nd half", "samples", "flat (< 64 MiB)")
        for (name, samples, base, seconds) in [
            ("upload: POST /nuxeo/api/v1/upload/{batch}/0", uploadSamples, before, uploadTime),
            ("download: GET …/@blob/file:content (discarded)", downloadSamples, beforeDownload, downloadTime),
        ] {
            let peak = samples.map(\.bytes).max() ?? base
            let halfway = seconds / 2
            let firstHalf = samples.filter { $0.time < halfway }.map(\.bytes).max() ?? base
            let secondHalf = samples.filter { $0.time >= halfway }.map(\.bytes).max() ?? base
            table.add(
                name, Format.rate(bytes: size, seconds: seconds), Format.mebibytes(base), Format.mebibytes(peak),
                Format.mebibytes(peak - base), Format.mebibytes(firstHalf - base), Format.mebibytes(secondHalf - base),
                "\(samples.count)", peak - base < limit ? "yes" : "NO")
        }
        print("3. Resident memory (VmRSS of the process: server and client) sampled every 20 ms while a \(options.largeMiB) MiB body")
        print("   streams through the batch upload API (AsyncHTTPClient streaming body, Content-Length known), then while it")
        print("   is downloaded again. Growth is relative to the RSS just before the request.")
        print(table.text)
        print("")
    }

    // MARK: 4. Listings and queries

    func corpus() async throws {
        let workspace = "\(Self.workspaces)/corpus"
        progress("creating \(options.folders) folders")
        let workspaceID = try await client.createDocument(
            type: "Workspace", name: "corpus", properties: ["dc:title": "Corpus"], in: Self.workspaces, key: adminKey)
        let folderCreation = try await LoadMeasurement.run(count: options.folders, concurrency: 8) { number in
            try await client.createDocument(
                type: "Folder", name: "folder-\(number)", properties: ["dc:title": "Folder \(number)"], in: workspace, key: adminKey)
        }
        // The template: a File created through the API, whose row the seeder copies.
        let marker = "benchmark-template-title"
        try await client.createDocument(type: "Folder", name: "template", properties: ["dc:title": "Template"], in: workspace, key: adminKey)
        let templateID = try await client.createDocument(
            type: "File", name: "template", properties: ["dc:title": marker], in: "\(workspace)/template", key: adminKey)
        let template = try await CorpusSeeder.template(of: templateID, title: marker, in: platform.database)

        // Every tenth folder is closed to the member: blocked inheritance, administrators only.
        guard let administrator = try await platform.accounts.authenticate(apiKey: adminKey) else { throw BenchmarkError("no administrator") }
        let checker = AccessChecker(principal: administrator)
        let restricted = Set(stride(from: options.restrictedEvery - 1, to: options.folders, by: options.restrictedEvery))
        for number in restricted.sorted() {
            let folder = try await repository.document(.path("\(workspace)/folder-\(number)"), for: checker)
            _ = try await repository.addPermissions(
                [
                    AccessControlEntry(
                        principal: Group.administrators, permission: Permission.everything, isGranted: true, creator: administrator.userName)
                ],
                to: folder, blockInheritance: true, for: checker
            )
        }
        let rows = try await platform.database.withReadConnection { sql in
            try await sql.select().columns("id", "name", "path", "read_acl_id").from("repo_documents")
                .where("parent_id", .equal, workspaceID).where("is_version", .equal, 0).all()
        }
        var byName: [String: CorpusSeeder.Folder] = [:]
        for row in rows {
            let name = try row.decode(column: "name", as: String.self)
            guard name.hasPrefix("folder-"), let number = Int(name.dropFirst(7)) else { continue }
            byName[name] = CorpusSeeder.Folder(
                id: try row.decode(column: "id", as: String.self), path: try row.decode(column: "path", as: String.self),
                readACLID: try row.decode(column: "read_acl_id", as: String.self), memberCanRead: !restricted.contains(number)
            )
        }
        let folders = try (0..<options.folders).map { number in
            guard let folder = byName["folder-\(number)"] else { throw BenchmarkError("folder-\(number) missing") }
            return folder
        }
        let readACLs = Set(folders.map(\.readACLID))
        guard readACLs.count == (restricted.isEmpty ? 1 : 2) else {
            throw BenchmarkError("expected \(restricted.isEmpty ? 1 : 2) read ACLs over the folders, found \(readACLs.count)")
        }

        let seeder = CorpusSeeder(database: platform.database, folders: folders, template: template)
        print("4. Listings and queries over a corpus of File documents in \(options.folders) folders of \(workspace) (created through")
        print(
            String(
                format: "   the API at %.0f folders/s; every %dth closed to the member: blocked inheritance, administrators only). Files are",
                folderCreation.rate, options.restrictedEvery))
        print("   seeded straight into repo_documents and repo_fulltext (multi-row INSERTs, DocumentRow's column layout, the")
        print("   parent's read_acl_id; the API is bypassed for speed) round-robin over the folders. Latency from one client;")
        print("   reference: GET /nuxeo/api/v1/me. Listings ask for every schema (X-NXDocumentProperties: *), 50 per page.")
        print("   'member' is a plain user of the members group: SQL read-ACL filter on every row; the folders and titles")
        print("   asked for are ones the member may read.")
        print("")

        var seeded = 0
        for target in options.documentCounts where target > seeded {
            progress("seeding documents \(seeded)..<\(target)")
            let seedRate = try await seeder.seed(seeded..<target) { done in
                if done % 100_000 == 0 { progress("seeded \(done)") }
            }
            seeded = target
            try await measure(documents: target, seeder: seeder, seedRate: seedRate)
        }
    }

    /// The listings and queries at `documents` documents.
    func measure(documents: Int, seeder: CorpusSeeder, seedRate: Double) async throws {
        let readable = seeder.folders.filter(\.memberCanRead)
        let perFolder = documents / seeder.folders.count
        let databaseSize = (try? Files.size(of: directory + "/chancery.sqlite")) ?? 0
        progress("measuring at \(documents) documents")

        // The member sees no restricted folder.
        if let closed = seeder.folders.first(where: { !$0.memberCanRead }) {
            try await client.send(.GET, "/nuxeo/api/v1/id/\(closed.id)/@children?pageSize=50", key: memberKey, expecting: 403)
        }

        let reference = try await latency { _ in try await me() }
        struct Query {
            let name: String
            let expected: Int
            let path: @Sendable () -> String
        }
        let properties = [("X-NXDocumentProperties", "*")]
        @Sendable func nxql(_ query: String) -> String {
            "/nuxeo/api/v1/search/lang/NXQL/execute?pageSize=50&query=" + NuxeoClient.encode(query)
        }
        let titled: @Sendable () -> Int = {
            while true {
                let number = Int.random(in: 0..<documents)
                if seeder.folder(of: number).memberCanRead { return number }
            }
        }
        let queries = [
            Query(name: "GET …/id/{folder}/@children?pageSize=50", expected: perFolder) {
                "/nuxeo/api/v1/id/\(readable.randomElement()!.id)/@children?pageSize=50"
            },
            Query(name: "NXQL ecm:parentId = … AND ecm:isTrashed = 0", expected: perFolder) {
                nxql("SELECT * FROM Document WHERE ecm:parentId = '\(readable.randomElement()!.id)' AND ecm:isTrashed = 0")
            },
            Query(name: "NXQL ecm:primaryType = 'File' AND dc:title = …", expected: 1) {
                nxql("SELECT * FROM Document WHERE ecm:primaryType = 'File' AND dc:title = '\(CorpusSeeder.title(of: titled()))'")
            },
        ]
        var table = Table("documents", "request", "user", "results", "answer", "p50", "p99", "p50 × reference", "requests")
        table.add(
            Format.count(Double(documents)), "reference: GET /nuxeo/api/v1/me", "admin", "", "", Format.milliseconds(reference.measurement.p50),
            Format.milliseconds(reference.measurement.p99), "1.00", "\(reference.count)")
        for query in queries {
            for (user, key) in [("admin", adminKey), ("member", memberKey)] {
                let answer = try await client.send(.GET, query.path(), key: key, headers: properties, expecting: 200)
                let first = try JSONSerialization.jsonObject(with: Data(answer.readableBytesView)) as? [String: Any] ?? [:]
                let results = first["resultsCount"] as? Int ?? -1
                guard results == query.expected else {
                    throw BenchmarkError("\(query.name) as \(user): \(results) results, expected \(query.expected)")
                }
                let measured = try await latency { _ in
                    try await client.send(.GET, query.path(), key: key, headers: properties, expecting: 200)
                }
                table.add(
                    Format.count(Double(documents)), query.name, user, "\(results)", Format.kilobytes(answer.readableBytes),
                    Format.milliseconds(measured.measurement.p50),
                    Format.milliseconds(measured.measurement.p99), Format.ratio(measured.measurement.p50 / reference.measurement.p50),
                    "\(measured.count)")
            }
        }

        // Creation in a repository of this size.
        let creationReference = try await LoadMeasurement.run(count: 500, concurrency: 16) { _ in try await me() }
        let creation = try await adaptive(concurrency: 16, maximum: options.creates) { number in
            try await createFile("at\(documents)-\(number)", number: number)
        }
        table.add(
            Format.count(Double(documents)), "POST File (creation), 16 clients", "admin", "", "",
            Format.milliseconds(creation.measurement.p50), Format.milliseconds(creation.measurement.p99),
            "", "\(creation.count)")

        print(
            "\(Format.count(Double(documents))) documents (\(perFolder) per folder; seeded at \(Format.count(seedRate)) documents/s;"
                + " database file \(Format.mebibytes(databaseSize)))")
        print(table.text)
        print(
            "creation at this size, 16 clients: \(Format.count(creation.measurement.rate)) creates/s"
                + " (\(Format.ratio(creation.measurement.rate / creationReference.rate)) × GET /nuxeo/api/v1/me at 16 clients,"
                + " \(Format.count(creationReference.rate)) req/s)")
        print("")
    }

    /// Measures `call` from one client for about `options.querySeconds` (20 to
    /// `options.samples` requests, after 3 to warm up and estimate).
    func latency(_ call: @escaping @Sendable (Int) async throws -> Void) async throws -> (measurement: LoadMeasurement, count: Int) {
        try await adaptive(concurrency: 1, maximum: options.samples, call)
    }

    func adaptive(
        concurrency: Int, maximum: Int, _ call: @escaping @Sendable (Int) async throws -> Void
    ) async throws -> (measurement: LoadMeasurement, count: Int) {
        let pilot = try await LoadMeasurement.run(count: 3, concurrency: 1) { number in try await call(-1 - number) }
        let each = 1 / pilot.rate
        let count = max(20, min(maximum, Int(options.querySeconds / each)))
        return (try await LoadMeasurement.run(count: count, concurrency: concurrency, call), count)
    }

    // MARK: Helpers

    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = ContinuousClock.now
        try await body()
        return (ContinuousClock.now - start).seconds
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Whether the files at `left` and `right` hold the same bytes.
    static func sameContent(_ left: String, _ right: String) throws -> Bool {
        let a = try Files.open(left, flags: O_RDONLY)
        defer { close(a) }
        let b = try Files.open(right, flags: O_RDONLY)
        defer { close(b) }
        let size = Files.chunkSize
        let first = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { first.deallocate() }
        let second = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { second.deallocate() }
        while true {
            let count = read(a, first, size)
            let other = read(b, second, size)
            guard count == other, count >= 0 else { return false }
            if count == 0 { return true }
            if memcmp(first, second, count) != 0 { return false }
        }
    }
}

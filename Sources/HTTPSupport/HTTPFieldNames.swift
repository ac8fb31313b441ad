import HTTPTypes

/// The names of the header fields Chancery reads or writes that HTTPTypes does not name, all in
/// this one file, so that each is spelled once. (HTTPTypes names the standard ones, such as
/// `.contentType` and `.authorization`.)
extension HTTPField.Name {
    // MARK: Every API

    /// `X-Request-Id`: the id of a request, sent back with its answer and logged.
    public static let requestID = HTTPField.Name("X-Request-Id")!
    /// `X-Api-Key`: an API key, the credential of programs.
    public static let xAPIKey = HTTPField.Name("X-Api-Key")!
    /// `X-Forwarded-For`: the client's address and the proxies' before this one.
    public static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    /// `X-Forwarded-Proto`: the scheme the client used to reach the proxy.
    public static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    /// `X-Forwarded-Host`: the `Host` the client sent to the proxy.
    public static let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!

    // MARK: Pages

    /// `Referrer-Policy`: what a page's links tell the sites they lead to.
    public static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// `X-Frame-Options`: which sites may show a page in a frame (for browsers that predate
    /// the Content-Security-Policy's `frame-ancestors`).
    public static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    /// `Pragma`: `no-cache` for the HTTP/1.0 caches that ignore `Cache-Control`.
    public static let pragma = HTTPField.Name("Pragma")!

    // MARK: QED

    /// `Prefer`: `respond-async` asks for an answer before a report is confirmed (RFC 7240).
    public static let prefer = HTTPField.Name("Prefer")!
    /// `Preference-Applied`: the preferences of `Prefer` that the answer honours.
    public static let preferenceApplied = HTTPField.Name("Preference-Applied")!

    // MARK: Signing

    /// `X-Signing-Unlock`: the code that unlocks a signing link protected by one.
    public static let xSigningUnlock = HTTPField.Name("X-Signing-Unlock")!

    // MARK: intdash

    /// `X-Intdash-Token`: an intdash API token.
    public static let xIntdashToken = HTTPField.Name("X-Intdash-Token")!
    /// `X-Edge-Token`: an edge's token, as intdash edges send it.
    public static let xEdgeToken = HTTPField.Name("X-Edge-Token")!

    // MARK: Nuxeo

    /// `X-Authentication-Token`: a Nuxeo device token.
    public static let xAuthenticationToken = HTTPField.Name("X-Authentication-Token")!
    /// `X-NXVoidOperation`: `true` answers an operation with 204 and no body.
    public static let xNXVoidOperation = HTTPField.Name("X-NXVoidOperation")!
    /// `X-Batch-No-Drop`: `true` keeps an upload batch after an operation ran on it.
    public static let xBatchNoDrop = HTTPField.Name("X-Batch-No-Drop")!
    /// `X-Versioning-Option`: `NONE`, `MINOR` or `MAJOR`, a version checked in after an update.
    public static let xVersioningOption = HTTPField.Name("X-Versioning-Option")!
    /// `X-File-Name`: the name of an uploaded file, percent-encoded.
    public static let xFileName = HTTPField.Name("X-File-Name")!
    /// `X-File-Size`: the full size of an uploaded file.
    public static let xFileSize = HTTPField.Name("X-File-Size")!
    /// `X-File-Type`: the MIME type of an uploaded file.
    public static let xFileType = HTTPField.Name("X-File-Type")!
    /// `X-Upload-Type`: `normal` or `chunked`.
    public static let xUploadType = HTTPField.Name("X-Upload-Type")!
    /// `X-Upload-Chunk-Index`: the index of the chunk in this request.
    public static let xUploadChunkIndex = HTTPField.Name("X-Upload-Chunk-Index")!
    /// `X-Upload-Chunk-Count`: how many chunks the file has.
    public static let xUploadChunkCount = HTTPField.Name("X-Upload-Chunk-Count")!
    /// `Idempotency-Key`: a client's name for one write, so that the write repeated is answered
    /// as the first was.
    public static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}

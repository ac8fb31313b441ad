import NIOHTTP1

/// Where one connection is in its exchanges of requests and answers, as the handlers behind
/// the HTTP decoder see them pass: whether a request is still arriving, how many are not
/// answered yet, and whether the first request may be turning the connection into a WebSocket.
///
/// While ``mayBeUpgrading`` holds, a handler passes what arrives on untouched: once the upgrade
/// handler has removed the decoder, that is raw bytes.
struct HTTPExchangeState {
    /// Whether a request head has arrived and its end has not.
    var isReadingRequest = false
    /// Requests whose head has arrived and whose answer is not written to its end.
    private(set) var unanswered = 0
    /// Whether a request head has arrived on the connection.
    private var hasSeenHead = false
    /// Whether the first request asked for an upgrade that may be under way (until its answer).
    private(set) var mayBeUpgrading = false

    /// Notes a part of a request that arrived.
    mutating func received(_ part: HTTPServerRequestPart) {
        switch part {
        case .head(let head):
            mayBeUpgrading = !hasSeenHead && head.headers.contains(name: "Upgrade")
            hasSeenHead = true
            isReadingRequest = true
            unanswered += 1
        case .body:
            break
        case .end:
            isReadingRequest = false
        }
    }

    /// Notes the end of an answer written.
    mutating func answered() {
        if mayBeUpgrading {
            // Not upgraded: the request's own end passed by unseen.
            mayBeUpgrading = false
            isReadingRequest = false
        }
        unanswered = max(0, unanswered - 1)
    }
}

import ISCP

extension ISCP2MessageCodec {
    /// `message` as a frame, or `nil` when it cannot be encoded. That only happens at 2 GiB,
    /// which nothing the server builds from frames of at most 16 MiB reaches; a non-throwing
    /// form keeps the typed error out of the connection's async code.
    func frame(_ message: ISCP2Message) -> [UInt8]? {
        do {
            return try encode(message)
        } catch {
            return nil
        }
    }

    /// The message in `frame`, or why it holds none, as a `Result` so that async callers need
    /// not catch a typed error.
    func message(in frame: [UInt8]) -> Result<ISCP2Message, ISCP2DecodingError> {
        do {
            return .success(try decode(frame))
        } catch {
            return .failure(error)
        }
    }
}

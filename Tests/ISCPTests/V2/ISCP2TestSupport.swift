import Foundation
import ISCP

/// The bytes a lowercase or uppercase hex string spells; test vectors are written as hex.
func iscp2Bytes(hex: String) -> [UInt8] {
    precondition(hex.count.isMultiple(of: 2), "a hex string has an even number of digits")
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        bytes.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

/// A message envelope holding `body`, written without SwiftProtobuf's `with`.
func iscp2Envelope(_ body: ISCP2Message.OneOf_Message) -> ISCP2Message {
    var message = ISCP2Message()
    message.message = body
    return message
}

/// The stream id used by the vectors made with the Python client.
let iscp2VectorStreamID = UUID(uuidString: "01234567-89AB-CDEF-0123-456789ABCDEF")!

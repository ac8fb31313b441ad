import ChanceryTestSupport
import Crypto
import Foundation
import Testing
import TransparencyLog

@Suite struct SignedNoteTests {
    @Test func verifiesGosReferenceNote() throws {
        let verifier = try Ed25519NoteVerifier(parsing: Vectors.peterVerifier)
        #expect(verifier.keyID == 0xc74f20a3)
        let note = try SignedNote(parsing: Vectors.peterNote)
        #expect(note.text == Vectors.peterText)
        let verified = try note.verified(by: [verifier])
        #expect(verified.map(\.keyName) == ["PeterNeumann"])
        #expect(verifier.verifierKey == Vectors.peterVerifier)
    }

    @Test func signsExactlyLikeGo() throws {
        let signer = try Ed25519NoteSigner(parsing: Vectors.peterSigner)
        #expect(signer.signerKey == Vectors.peterSigner)
        #expect(signer.verifier.verifierKey == Vectors.peterVerifier)
        let note = try SignedNote.sign(Vectors.peterText, with: [signer])
        #expect(note.formatted == Vectors.peterNote)
    }

    @Test func rejectsATamperedText() throws {
        let verifier = try Ed25519NoteVerifier(parsing: Vectors.peterVerifier)
        let tampered = Vectors.peterNote.replacingOccurrences(of: "problem is", with: "problem was")
        #expect(throws: NoteError.invalidSignature(keyName: "PeterNeumann")) {
            try SignedNote(parsing: tampered).verified(by: [verifier])
        }
    }

    @Test func ignoresUnknownKeysButNeedsOneTrustedSignature() throws {
        let trusted = try Ed25519NoteSigner(name: "example.com/log", privateKey: .init())
        let stranger = try Ed25519NoteSigner(name: "example.com/other", privateKey: .init())
        let both = try SignedNote(parsing: SignedNote.sign("hello\n", with: [stranger, trusted]).formatted)
        #expect(try both.verified(by: [trusted.verifier]).map(\.keyName) == ["example.com/log"])
        let strangerOnly = try SignedNote.sign("hello\n", with: [stranger])
        #expect(throws: NoteError.noTrustedSignature) { try strangerOnly.verified(by: [trusted.verifier]) }

        // Same name, different key: the key IDs differ, so the signature is ignored, not trusted.
        let impostor = try Ed25519NoteSigner(name: "example.com/log", privateKey: .init())
        let forged = try SignedNote.sign("hello\n", with: [impostor])
        #expect(throws: NoteError.noTrustedSignature) { try forged.verified(by: [trusted.verifier]) }
    }

    @Test func refusesMalformedNotesAndKeys() {
        let malformed = [
            "", "no newline", "text\n", "text\n\n", "text\n\n- dash line\n",
            "text\n\n\u{2014} name\n", "text\n\n\u{2014} name !!!\n", "text\n\n\u{2014} name AAAA\n",
            "bell\u{07}\n\n\u{2014} name AAAAAAAA\n", "text\n\n\u{2014} na me AAAAAAAA\n",
        ]
        for text in malformed {
            #expect(throws: NoteError.self, "\(text.debugDescription)") { try SignedNote(parsing: text) }
        }
        let badKeys = [
            "", "PeterNeumann", "PeterNeumann+c74f20a3", "PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
            "PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
            "PeterNeumann+c74f20a3+AhpcAQcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
        ]
        for key in badKeys {
            #expect(throws: NoteError.self, "\(key)") { try Ed25519NoteVerifier(parsing: key) }
        }
    }

    @Test func parsersSurviveRandomInput() {
        var generator = SeededGenerator.logged()
        let alphabet = Array("\n\n\n \u{2014}+=/abcXYZ019index extra c2sp.org/tlog-proof@v1".unicodeScalars)
        for _ in 0..<2000 {
            let length = Int.random(in: 0..<120, using: &generator)
            var text = ""
            for _ in 0..<length { text.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            _ = try? SignedNote(parsing: text)
            _ = try? TLogProof(parsing: text)
            _ = try? Checkpoint(parsing: text)
            _ = try? Ed25519NoteVerifier(parsing: text)
        }
    }
}

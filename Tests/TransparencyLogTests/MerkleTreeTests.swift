import Testing
import TransparencyLog

@Suite struct MerkleTreeTests {
    static let referenceLeaves = Vectors.entries.map { TreeHash.leaf($0) }

    /// Leaf hashes of `count` distinct entries.
    static func leaves(_ count: Int) -> [TreeHash] {
        (0..<count).map { TreeHash.leaf(Array("entry \($0)".utf8)) }
    }

    @Test func rootsMatchTheRFC6962ReferenceTree() {
        for size in 0...8 {
            #expect(MerkleTree.root(of: Self.referenceLeaves.prefix(size)).hex == Vectors.roots[size], "size \(size)")
        }
    }

    @Test func inclusionProofsMatchTheReference() throws {
        let root = Vectors.hash(Vectors.roots[8])
        for (index, expected) in Vectors.inclusion {
            let proof = MerkleTree.inclusionProof(forLeafAt: index, in: Self.referenceLeaves)
            #expect(proof.map(\.hex) == expected)
            try InclusionProof.verify(leaf: Self.referenceLeaves[index], index: index, treeSize: 8, proof: proof, root: root)
        }
    }

    @Test func consistencyProofsMatchTheReference() throws {
        let leaves = Array(Self.referenceLeaves.prefix(5))
        let proof = MerkleTree.consistencyProof(from: 2, in: leaves)
        #expect(proof.map(\.hex) == Vectors.consistency2To5)
        try ConsistencyProof.verify(
            oldSize: 2, newSize: 5, proof: proof,
            oldRoot: Vectors.hash(Vectors.roots[2]), newRoot: Vectors.hash(Vectors.roots[5])
        )
    }

    @Test func everyInclusionProofVerifiesAndNoOtherPositionDoes() throws {
        for size in 1...40 {
            let leaves = Self.leaves(size)
            let root = MerkleTree.root(of: leaves)
            for index in 0..<size {
                let proof = MerkleTree.inclusionProof(forLeafAt: index, in: leaves)
                try InclusionProof.verify(leaf: leaves[index], index: index, treeSize: size, proof: proof, root: root)
                if size > 1 {
                    let other = (index + 1) % size
                    #expect(throws: ProofError.self) {
                        try InclusionProof.verify(leaf: leaves[other], index: index, treeSize: size, proof: proof, root: root)
                    }
                }
            }
        }
    }

    @Test func everyConsistencyProofVerifiesAndNoOtherRootDoes() throws {
        let all = Self.leaves(40)
        for newSize in 1...40 {
            let leaves = Array(all.prefix(newSize))
            let newRoot = MerkleTree.root(of: leaves)
            for oldSize in 0...newSize {
                let oldRoot = MerkleTree.root(of: leaves.prefix(oldSize))
                let proof = MerkleTree.consistencyProof(from: oldSize, in: leaves)
                try ConsistencyProof.verify(oldSize: oldSize, newSize: newSize, proof: proof, oldRoot: oldRoot, newRoot: newRoot)
                if oldSize > 0, oldSize < newSize {
                    let forged = MerkleTree.root(of: Self.leaves(oldSize + 1).suffix(oldSize))
                    #expect(throws: ProofError.rootMismatch) {
                        try ConsistencyProof.verify(oldSize: oldSize, newSize: newSize, proof: proof, oldRoot: forged, newRoot: newRoot)
                    }
                }
            }
        }
    }

    @Test func tamperedProofsAreRejected() throws {
        let leaves = Self.leaves(13)
        let root = MerkleTree.root(of: leaves)
        var proof = MerkleTree.inclusionProof(forLeafAt: 6, in: leaves)
        #expect(throws: ProofError.wrongLength) {
            try InclusionProof.verify(leaf: leaves[6], index: 6, treeSize: 13, proof: proof.dropLast(), root: root)
        }
        #expect(throws: ProofError.wrongLength) {
            try InclusionProof.verify(leaf: leaves[6], index: 6, treeSize: 13, proof: proof + [root], root: root)
        }
        #expect(throws: ProofError.invalidPosition) {
            try InclusionProof.verify(leaf: leaves[6], index: 13, treeSize: 13, proof: proof, root: root)
        }
        proof[1] = .leaf([1, 2, 3])
        #expect(throws: ProofError.rootMismatch) {
            try InclusionProof.verify(leaf: leaves[6], index: 6, treeSize: 13, proof: proof, root: root)
        }
        let consistency = MerkleTree.consistencyProof(from: 5, in: leaves)
        #expect(throws: ProofError.invalidPosition) {
            try ConsistencyProof.verify(oldSize: 14, newSize: 13, proof: consistency, oldRoot: root, newRoot: root)
        }
        #expect(throws: ProofError.wrongLength) {
            try ConsistencyProof.verify(oldSize: 5, newSize: 13, proof: [], oldRoot: root, newRoot: root)
        }
    }

    @Test func proofsStayLogarithmic() {
        let leaves = Self.leaves(1000)
        #expect(MerkleTree.inclusionProof(forLeafAt: 999, in: leaves).count <= 10)
        #expect(MerkleTree.consistencyProof(from: 333, in: leaves).count <= 11)
    }
}

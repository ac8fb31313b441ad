import HTTPSupport
import JSON
import Testing

@testable import Repository

@Suite("Repository directories")
struct RepositoryDirectoryTests {
    @Test("the shipped vocabularies are seeded with Nuxeo's ids, labels and defaults")
    func shippedVocabularies() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            #expect(repository.directories().map(\.name) == ["nature", "subject", "topic", "language", "l10nsubjects", "l10ncoverage"])
            #expect(repository.directories(types: ["system"]).isEmpty)
            let article = try await repository.entry("article", of: try repository.directory(named: "nature"))
            #expect(
                article.properties == [
                    "id": "article", "label": "label.directories.nature.article", "obsolete": 0, "ordering": 10_000_000,
                ])
            let coverage = try repository.directory(named: "l10ncoverage")
            let france = try await repository.entry("France", of: coverage)
            #expect(france.properties["parent"] == "europe" && france.properties["label_fr"] == "France")
            let (_, total) = try await repository.entries(of: coverage, page: PageRequest(pageSize: 1))
            #expect(total == 251)
            #expect(try await repository.entry("sp", of: try repository.directory(named: "language")).properties["obsolete"] == 1)
            #expect(throws: RepositoryError.directoryNotFound("continent")) { try repository.directory(named: "continent") }
        }
    }

    @Test("entries page by ordering then id, or by the fields asked for")
    func paging() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let topic = try repository.directory(named: "topic")
            _ = try await repository.createEntry(["id": "aaa", "label": "first", "ordering": 1], in: topic, for: fixture.admin)
            let (firstPage, total) = try await repository.entries(of: topic, page: PageRequest(pageSize: 2, pageIndex: 0))
            #expect(total == 6)
            #expect(firstPage.map(\.id) == ["aaa", "art"])
            let (lastPage, _) = try await repository.entries(of: topic, page: PageRequest(pageSize: 2, pageIndex: 2))
            #expect(lastPage.map(\.id) == ["society", "technology"])
            let (byLabel, _) = try await repository.entries(
                of: topic, page: PageRequest(pageSize: 1, sortBy: ["label"], sortOrder: ["desc"])
            )
            #expect(byLabel.map(\.id) == ["technology"])
            await #expect(throws: RepositoryError.invalid("directory topic cannot be sorted by 'dc:title'")) {
                try await repository.entries(of: topic, page: PageRequest(sortBy: ["dc:title"]))
            }
        }
    }

    @Test("writes are for administrators, checked against the schema, the parent and the ids taken")
    func writes() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let subjects = try repository.directory(named: "l10nsubjects")
            await #expect(throws: RepositoryError.directoryNotEditable("l10nsubjects")) {
                try await repository.createEntry(["id": "knitting"], in: subjects, for: fixture.alice)
            }
            let knitting = try await repository.createEntry(
                ["id": "knitting", "label_en": "Knitting", "parent": "daily life", "obsolete": "1"], in: subjects, for: fixture.admin
            )
            #expect(
                knitting.properties == [
                    "id": "knitting", "label_en": "Knitting", "label_fr": .null, "parent": "daily life", "obsolete": 1, "ordering": 10_000_000,
                ])
            await #expect(throws: RepositoryError.conflict("Entry with id knitting already exists in directory l10nsubjects")) {
                try await repository.createEntry(["id": "knitting"], in: subjects, for: fixture.admin)
            }
            await #expect(throws: RepositoryError.invalid("parent 'nowhere' is not another entry of directory l10nsubjects")) {
                try await repository.updateEntry(knitting, with: ["parent": "nowhere"], in: subjects, for: fixture.admin)
            }
            await #expect(throws: RepositoryError.invalid("directory l10nsubjects has no field 'label'")) {
                try await repository.updateEntry(knitting, with: ["label": "Knitting"], in: subjects, for: fixture.admin)
            }
            await #expect(throws: RepositoryError.invalid("property 'ordering' must be a whole number")) {
                try await repository.updateEntry(knitting, with: ["ordering": "first"], in: subjects, for: fixture.admin)
            }
            await #expect(throws: RepositoryError.invalid("the id of entry knitting cannot change")) {
                try await repository.updateEntry(knitting, with: ["id": "crochet"], in: subjects, for: fixture.admin)
            }
            let renamed = try await repository.updateEntry(knitting, with: ["label_fr": "Tricot"], in: subjects, for: fixture.admin)
            #expect(try await repository.entry("knitting", of: subjects) == renamed)
            try await repository.deleteEntry(renamed, in: subjects, for: fixture.admin)
            await #expect(throws: RepositoryError.directoryEntryNotFound(directory: "l10nsubjects", id: "knitting")) {
                try await repository.deleteEntry(renamed, in: subjects, for: fixture.admin)
            }
        }
    }
}

import Testing

@testable import Storage

@Suite struct PostgresPlaceholdersTests {
    @Test(arguments: [
        ("SELECT ?", "SELECT $1", 1),
        ("INSERT INTO t (a, b) VALUES (?, ?)", "INSERT INTO t (a, b) VALUES ($1, $2)", 2),
        ("SELECT '?' , ?", "SELECT '?' , $1", 1),
        ("SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1", 1),
        ("SELECT \"odd?name\" FROM t WHERE a = ?", "SELECT \"odd?name\" FROM t WHERE a = $1", 1),
        ("SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2", 2),
        ("SELECT /* ? */ ?", "SELECT /* ? */ $1", 1),
        ("DO $$ BEGIN PERFORM '?'; END $$; SELECT ?", "DO $$ BEGIN PERFORM '?'; END $$; SELECT $1", 1),
        ("SELECT 'unclosed ?", "SELECT 'unclosed ?", 0),
        ("SELECT 1", "SELECT 1", 0),
    ])
    func numbersOnlyParameters(sql: String, expected: String, count: Int) {
        let numbered = PostgresPlaceholders.numbered(sql)
        #expect(numbered.sql == expected)
        #expect(numbered.count == count)
    }

    @Test func hexByteaDecodes() {
        let text = Array("\\x00ff7f".utf8)
        let decoded = text.withUnsafeBytes { PostgresRow.decodedHex($0) }
        #expect(decoded == [0x00, 0xFF, 0x7F])
        let notHex = Array("\\xzz".utf8)
        #expect(notHex.withUnsafeBytes { PostgresRow.decodedHex($0) } == nil)
    }
}

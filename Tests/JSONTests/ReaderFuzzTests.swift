import Foundation
import Testing

@testable import JSON

/// Random damage to valid payloads never crashes the reader, and what it says stays coherent.
struct ReaderFuzzTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let seeds: [String] = [
        #"{"aps":{"alert":{"title":"Nová zpráva","body":"Anna: Ahoj! Jak se máš? 😀"},"badge":3,"sound":"default","category":"message","thread-id":"chat-1","mutable-content":1},"media-url":"https://example.com/a.jpg"}"#,
        #"{"aps":{"alert":"Xin chào, bạn có khỏe không? 🇻🇳","sound":{"critical":1,"name":"alarm.caf","volume":0.5},"interruption-level":"critical","relevance-score":0.75}}"#,
        #"{"aps":{"content-available":1},"data":{"items":[1,2.5,-3e2,{"k":"v\n\u00e9\ud83d\ude00"}],"flag":true,"none":null}}"#,
        "{\n  \"aps\" : {\n    \"event\" : \"update\",\n    \"timestamp\" : 1700000000,\n    \"content-state\" : { \"score\" : [ 1, 2 ] }\n  }\n}\n",
    ]

    static let knownCodes = Set(JSONReadCode.allCases.map(\.rawValue))

    /// Checks what any input must give: known codes, places inside the text, and a tree that
    /// survives writing and reading again when the input was valid.
    static func checkCoherent(_ bytes: [UInt8]) {
        let result = JSONReader().read(bytes)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        for diagnostic in result.diagnostics {
            #expect(knownCodes.contains(diagnostic.code), "\(diagnostic.code)")
            #expect((diagnostic.line ?? 0) >= 1 && (diagnostic.line ?? 0) <= lines)
            #expect((diagnostic.column ?? 0) >= 1)
            #expect(diagnostic.path.hasPrefix("$"))
        }
        #expect(result.diagnostics.count <= JSONReader.maximumDiagnostics + 1)
        guard result.isValid, let root = result.root else { return }
        #expect(root.span.end <= bytes.count)
        let written = JSONWriter().bytes(root.value)
        let again = JSONReader().read(written)
        #expect(again.isValid)
        #expect(again.root.map { JSONWriter().bytes($0.value) } == written)
    }

    @Test(arguments: 0..<seeds.count)
    func randomMutationsNeverCrash(_ seedIndex: Int) {
        var generator = Generator(state: UInt64(seedIndex) &* 7919 &+ 1)
        let original = Array(Self.seeds[seedIndex].utf8)
        let interesting: [UInt8] =
            Array("{}[]\",:\\u0eE.-+ \n\t".utf8) + [0x00, 0x1F, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xFF]
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<max(1, bytes.count), using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where !bytes.isEmpty:
                    bytes[position] = interesting.randomElement(using: &generator) ?? 0
                case 1 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 2 where !bytes.isEmpty: bytes.remove(at: position)
                case 3:
                    bytes.insert(
                        interesting.randomElement(using: &generator) ?? 0, at: min(position, bytes.count))
                default:
                    let end = min(bytes.count, position + Int.random(in: 0...8, using: &generator))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                }
            }
            Self.checkCoherent(bytes)
        }
    }

    @Test(arguments: 0..<seeds.count)
    func everyTruncationIsReported(_ seedIndex: Int) {
        let original = Array(Self.seeds[seedIndex].utf8)
        let end = JSONReader().read(original).root?.span.end ?? original.count
        for length in 0..<end {
            let result = JSONReader().read(Array(original[..<length]))
            #expect(!result.isValid, "prefix of \(length) bytes")
            Self.checkCoherent(Array(original[..<length]))
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = Generator(state: 42)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            Self.checkCoherent(bytes)
        }
    }

    @Test func deepMixedNestingIsRefusedWithoutRecursion() {
        let text = String(repeating: "{\"a\":[", count: 60_000)
        let result = JSONReader().read(text)
        #expect(result.diagnostics.map(\.code) == ["json.too-deep"])
        #expect(result.diagnostics.first?.column == 6 * 256 + 1)
    }
}

/// The deepest tree the reader builds is safe to build, compare, write and free on a thread with
/// a small stack (server worker threads), because depth is capped.
struct ReaderDepthTests {
    @Test func deepestTreeIsSafeOnASmallStack() async {
        let text = String(repeating: "{\"a\":[", count: 256) + "1" + String(repeating: "]}", count: 256)
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let thread = Thread {
                var result: JSONReadResult? = JSONReader().read(text)
                let valid = result?.isValid == true
                let written = result?.root.map { JSONWriter().bytes($0.value) }
                let again = JSONReader().read(written ?? []).root
                let same = result?.root == again && result?.root?.hashValue == again?.hashValue
                result = nil
                continuation.resume(returning: valid && same)
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        #expect(finished)
    }

    @Test func depthLimitCannotBeRaised() {
        #expect(JSONReader(maximumDepth: 100_000).maximumDepth == JSONReader.defaultMaximumDepth)
        #expect(JSONReader(maximumDepth: 0).maximumDepth == 1)
    }

    @Test func equalityAndHashingSeeEveryLevel() throws {
        let deep = String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300)
        let other = String(repeating: "[", count: 300) + "2" + String(repeating: "]", count: 300)
        let a = try #require(JSONReader().read(deep).root)
        let b = try #require(JSONReader().read(deep).root)
        let c = try #require(JSONReader().read(other).root)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(JSONValue.members(["a": 1, "b": 2]) != JSONValue.members(["b": 2, "a": 1]))
        #expect(Set([a.value, b.value, c.value]).count == 2)
    }
}

/// RFC 1951 inflate (raw deflate, as a zip archive stores it), in Swift, with a bound on the
/// output: what a zip of `*.lproj` folders needs, without a C library in this module.
///
/// The decoder is the canonical-code walk of zlib's `puff.c`: counts per code length and the
/// symbols in code order, one bit at a time. Every fault (a truncated stream, a code that
/// decodes to nothing, a distance before the start, output over `limit`) is an error, never a
/// crash or a read outside the input.
struct Inflater {
    enum Fault: Error, Equatable {
        case truncated
        case badBlockType
        case storedLengthMismatch
        case badCode
        case badLengths
        case distanceTooFar
        case tooLarge
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var output: [UInt8] = []
    private let limit: Int

    /// The bytes `input` inflates to, at most `limit` of them.
    static func inflate(_ input: [UInt8], limit: Int) throws(Fault) -> [UInt8] {
        var inflater = Inflater(input: input, limit: limit)
        try inflater.run()
        return inflater.output
    }

    private init(input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
    }

    private mutating func run() throws(Fault) {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try codes(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2: try dynamic()
            default: throw .badBlockType
            }
        }
    }

    private mutating func bits(_ count: Int) throws(Fault) -> Int {
        while bitCount < count {
            guard position < input.count else { throw .truncated }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    private mutating func stored() throws(Fault) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw .storedLengthMismatch }
        position += 4
        guard position + length <= input.count else { throw .truncated }
        guard output.count + length <= limit else { throw .tooLarge }
        output += input[position..<position + length]
        position += length
    }

    private mutating func dynamic() throws(Fault) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .badLengths }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount {
            codeLengths[Self.codeLengthOrder[index]] = try bits(3)
        }
        let lengthCode = try Huffman.checked(codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&self)
            switch symbol {
            case 0...15:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .badLengths }
                lengths += repeatElement(previous, count: 3 + (try bits(2)))
            case 17:
                lengths += repeatElement(0, count: 3 + (try bits(3)))
            default:
                lengths += repeatElement(0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] != 0 else { throw .badLengths }
        try codes(
            literals: try Huffman.checked(Array(lengths[0..<literalCount])),
            distances: try Huffman.checked(Array(lengths[literalCount...])))
    }

    private mutating func codes(literals: Huffman, distances: Huffman) throws(Fault) {
        while true {
            let symbol = try literals.decode(&self)
            if symbol < 256 {
                guard output.count < limit else { throw .tooLarge }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < Self.lengthBase.count else { throw .badCode }
            let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
            let distanceSymbol = try distances.decode(&self)
            guard distanceSymbol < Self.distanceBase.count else { throw .badCode }
            let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw .distanceTooFar }
            guard output.count + length <= limit else { throw .tooLarge }
            let start = output.count - distance
            for offset in 0..<length {
                output.append(output[start + offset])
            }
        }
    }

    /// A canonical Huffman code: how many codes each length has, and the symbols in code order.
    struct Huffman {
        private var counts = [Int](repeating: 0, count: 16)
        private var symbols: [Int] = []

        /// Whether the lengths fit a prefix code (no length has more codes than it can hold);
        /// an incomplete code is allowed, as zlib allows it, and decodes to an error where unused.
        private(set) var isValid = true

        /// The code of `lengths`, or `badLengths` when they over-subscribe it.
        static func checked(_ lengths: [Int]) throws(Fault) -> Huffman {
            let code = Huffman(lengths: lengths)
            guard code.isValid else { throw .badLengths }
            return code
        }

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left = left << 1 - counts[length]
                if left < 0 { isValid = false }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ inflater: inout Inflater) throws(Fault) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try inflater.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw .badCode
        }
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195,
        227, 258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let fixedLiterals = Huffman(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
            + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))
}

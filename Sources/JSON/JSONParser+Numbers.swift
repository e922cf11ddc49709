extension JSONParser {
    /// A checked number's value, before (and often instead of) a `JSONNumber` with its literal.
    typealias NumberValue = (isInteger: Bool, double: Double, int64: Int64?)

    /// Powers of ten a double holds exactly, for the exact fast path of conversion.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Checks a number token against RFC 8259's grammar and converts it; nil (after a report)
    /// when the token is not a JSON number. Out-of-range values are reported and clamped to the
    /// largest finite double so `doubleValue` stays finite.
    mutating func readNumber(_ token: UnsafeBufferPointer<UInt8>, at start: Int) -> JSONNumber? {
        guard let value = numberValue(token, at: start) else { return nil }
        return JSONNumber(
            literal: String(decoding: token, as: UTF8.self), isInteger: value.isInteger,
            doubleValue: value.double, int64Value: value.int64)
    }

    /// `readNumber` without the literal: what the reader calls while reading, where only the
    /// check (and its report) matters and a `String` per number was a good share of the read.
    mutating func numberValue(_ token: UnsafeBufferPointer<UInt8>, at start: Int) -> NumberValue? {
        let count = token.count
        var position = 0
        let negative = token[0] == ASCII.minus
        if negative { position = 1 }
        func isDigit(_ offset: Int) -> Bool {
            offset < count && token[offset] >= ASCII.zero && token[offset] <= ASCII.nine
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var droppedDigits = 0
        var fractionDigits = 0
        func addDigit(_ byte: UInt8) {
            if significantDigits < 19 {
                if mantissa != 0 || byte != ASCII.zero {
                    mantissa = mantissa * 10 + UInt64(byte - ASCII.zero)
                    significantDigits += 1
                }
            } else {
                droppedDigits += 1
            }
        }
        guard isDigit(position) else {
            return invalidNumber(token, at: start, "a digit must follow '-'")
        }
        if token[position] == ASCII.zero && isDigit(position + 1) {
            return invalidNumber(token, at: start, "leading zeros are not allowed")
        }
        var integerDigits = 0
        while isDigit(position) {
            addDigit(token[position])
            integerDigits += 1
            position += 1
        }
        var isInteger = true
        if position < count && token[position] == ASCII.dot {
            isInteger = false
            position += 1
            guard isDigit(position) else {
                return invalidNumber(token, at: start, "a digit must follow the decimal point")
            }
            while isDigit(position) {
                if significantDigits < 19 { fractionDigits += 1 }
                addDigit(token[position])
                position += 1
            }
        }
        var exponent = 0
        if position < count && (token[position] == UInt8(ascii: "e") || token[position] == UInt8(ascii: "E"))
        {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < count && (token[position] == ASCII.plus || token[position] == ASCII.minus) {
                exponentNegative = token[position] == ASCII.minus
                position += 1
            }
            guard isDigit(position) else {
                return invalidNumber(token, at: start, "the exponent needs digits")
            }
            while isDigit(position) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(token[position] - ASCII.zero) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        guard position == count else {
            return invalidNumber(
                token, at: start, "unexpected '\(Character(Unicode.Scalar(token[position])))'")
        }
        var int64Value: Int64?
        if isInteger && droppedDigits == 0 {
            if negative {
                int64Value =
                    mantissa <= UInt64(Int64.max)
                    ? -Int64(mantissa) : mantissa == UInt64(Int64.max) + 1 ? .min : nil
            } else if mantissa <= UInt64(Int64.max) {
                int64Value = Int64(mantissa)
            }
        }
        let decimalExponent = exponent - fractionDigits + droppedDigits
        var double: Double
        if mantissa == 0 {
            double = 0
        } else if droppedDigits == 0 && mantissa <= 1 << 53 && abs(decimalExponent) <= 22 {
            let power = Self.exactPowersOfTen[abs(decimalExponent)]
            double = decimalExponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
        } else {
            let magnitude = UnsafeBufferPointer(rebasing: token[(negative ? 1 : 0)...])
            double = Double(String(decoding: magnitude, as: UTF8.self)) ?? .infinity
        }
        if !double.isFinite {
            let literal = String(decoding: token, as: UTF8.self)
            report(
                .numberOutOfRange, "\(literal) is too large for a double-precision number.", at: start)
            double = .greatestFiniteMagnitude
        }
        if negative { double = -double }
        _ = integerDigits
        return (isInteger, double, int64Value)
    }

    /// True when `token` is a JSON number without an exponent (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`)
    /// of at most 300 bytes: such a number is valid and below 10^300, so finite, and the reader
    /// records it without converting it (a conversion per number was a twentieth of the read).
    /// Anything else goes through `numberValue`, which judges and reports it.
    static func isPlainDecimal(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = token.count
        guard count > 0, count <= 300 else { return false }
        func isDigit(_ position: Int) -> Bool {
            position < count && token[position] >= ASCII.zero && token[position] <= ASCII.nine
        }
        var position = token[0] == ASCII.minus ? 1 : 0
        guard isDigit(position) else { return false }
        if token[position] == ASCII.zero {
            position += 1
        } else {
            while isDigit(position) { position += 1 }
        }
        if position == count { return true }
        guard token[position] == ASCII.dot, isDigit(position + 1) else { return false }
        position += 1
        while isDigit(position) { position += 1 }
        return position == count
    }

    private mutating func invalidNumber(
        _ token: UnsafeBufferPointer<UInt8>, at start: Int, _ reason: String
    ) -> NumberValue? {
        let text = String(decoding: token, as: UTF8.self)
        if text.lowercased().contains("inf") || text.lowercased().contains("nan") {
            reportNonFinite(text, at: start)
        } else {
            report(.invalidNumber, "\(text) is not a JSON number: \(reason).", at: start)
        }
        return nil
    }

    /// Reports `NaN`, `Infinity` and their spellings, with the usual cause.
    mutating func reportNonFinite(_ text: String, at start: Int) {
        report(
            .invalidNumber,
            "\(text) is not a JSON number; JSON has no NaN or infinity (Python: json.dumps(..., allow_nan=False)).",
            at: start)
    }
}

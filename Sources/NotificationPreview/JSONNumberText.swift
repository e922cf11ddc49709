import JSON

/// Numbers of the preview documents written as UTF-8 digits without making a `String`: the
/// same text as `String(value.rounded(toPlaces: decimals))` ("102.5", "66.0", "0.3333"), which
/// the documents have always carried.
enum JSONNumberText {
    /// 10 to the power of the decimals the documents use, exact; others by multiplying.
    static func power(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 10
        case 2: 100
        case 4: 10_000
        default: (0..<max(0, places)).reduce(1.0) { power, _ in power * 10 }
        }
    }

    /// Largest rounded magnitude written digit by digit; beyond it (and for more than four
    /// decimals) Swift's own description is used, which may choose an exponent form.
    private static let fastLimit = 1e9

    /// Appends `value` rounded half away from zero to `decimals` places, or `null` when it or
    /// its rounding is not finite (never "inf", which is no JSON).
    static func appendRounded(_ value: Double, decimals: Int, to output: inout [UInt8]) {
        withRounded(value, decimals: decimals) { output.append(contentsOf: $0) }
    }

    /// Appends a decimal integer.
    static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        DecimalDigits.withText(of: value) { output.append(contentsOf: $0) }
    }

    /// Calls `body` with the UTF-8 text of `value` rounded half away from zero to `decimals`
    /// places, or `null` when it or its rounding is not finite (never "inf", which is no JSON).
    ///
    /// `n / 10^d` (n an integer below 2⁵³) is the double nearest to that decimal, so its
    /// shortest round-trip text, which Swift prints, is n's digits with the point placed and
    /// trailing zeros dropped (one kept after the point). Values outside that range take the
    /// `String` path, so the output never differs.
    static func withRounded<Result>(
        _ value: Double, decimals: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let scaled = (value * power(decimals)).rounded()
        guard scaled.isFinite else {
            let null: StaticString = "null"
            return null.withUTF8Buffer(body)
        }
        let magnitude = scaled.magnitude
        guard decimals >= 0, decimals <= 4, magnitude / power(decimals) < fastLimit,
            magnitude == 0 || magnitude / power(decimals) >= 0.001
        else {
            var text = String(scaled / power(decimals))
            return text.withUTF8(body)
        }
        let units = UInt64(magnitude)
        let divisor = UInt64(power(decimals))
        var fraction = units % divisor
        var width = decimals
        while width > 1, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        // One buffer filled from its end in one pass: the fraction's digits (fewer than
        // 10^width, so exactly `width` of them, at least one), the point, the integer's
        // digits and the sign.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var start = buffer.count
            for _ in 0..<max(width, 1) {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            start -= 1
            buffer[start] = UInt8(ascii: ".")
            start = DecimalDigits.write(
                units / divisor, negative: scaled.sign == .minus, into: buffer, before: start)
            return body(UnsafeBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start...])))
        }
    }
}

extension Double {
    /// The value rounded half away from zero to `places` decimals, for stable output.
    func rounded(toPlaces places: Int) -> Double {
        let scale = JSONNumberText.power(places)
        return (self * scale).rounded() / scale
    }
}

/// Numbers of the preview documents written as UTF-8 digits without making a `String`: the
/// same text as `String(value.rounded(toPlaces: decimals))` ("102.5", "66.0", "0.3333"), which
/// the documents have always carried.
enum JSONNumberText {
    /// Powers of ten up to 10¹⁵, each exact in a `Double`.
    private static let powers: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// Largest rounded magnitude written digit by digit; beyond it (and for more than four
    /// decimals) Swift's own description is used, which may choose an exponent form.
    private static let fastLimit = 1e9

    /// 10 to the power `places` (0…15), exact.
    static func power(_ places: Int) -> Double {
        places >= 0 && places < powers.count
            ? powers[places] : (0..<max(0, places)).reduce(1.0) { power, _ in power * 10 }
    }

    /// Appends `value` rounded half away from zero to `decimals` places, or `null` when it or
    /// its rounding is not finite (never "inf", which is no JSON).
    ///
    /// `n / 10^d` (n an integer below 2⁵³) is the double nearest to that decimal, so its
    /// shortest round-trip text, which Swift prints, is n's digits with the point placed and
    /// trailing zeros dropped (one kept after the point). Values outside that range take the
    /// `String` path, so the output never differs.
    static func appendRounded(_ value: Double, decimals: Int, to output: inout [UInt8]) {
        let scaled = (value * power(decimals)).rounded()
        guard scaled.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        let magnitude = scaled.magnitude
        guard decimals >= 0, decimals <= 4, magnitude / power(decimals) < fastLimit,
            magnitude == 0 || magnitude / power(decimals) >= 0.001
        else {
            output.append(contentsOf: String(scaled / power(decimals)).utf8)
            return
        }
        if scaled.sign == .minus { output.append(UInt8(ascii: "-")) }
        let units = UInt64(magnitude)
        let divisor = UInt64(power(decimals))
        appendDigits(units / divisor, to: &output)
        output.append(UInt8(ascii: "."))
        var fraction = units % divisor
        var width = decimals
        while width > 1, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        appendDigits(fraction, minimumWidth: max(width, 1), to: &output)
    }

    /// Appends a decimal integer.
    static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), to: &output)
    }

    /// Appends the decimal digits of `value`, left-padded with zeros to `minimumWidth`.
    private static func appendDigits(_ value: UInt64, minimumWidth: Int = 1, to output: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: more than UInt64 has digits
        var remaining = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0 || count < minimumWidth
            output.append(contentsOf: buffer[(24 - count)...])
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

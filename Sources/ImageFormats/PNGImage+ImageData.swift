import CZlib

/// The image data check: a PNG whose IDAT stream does not inflate to exactly the rows its header
/// promises is drawn as a broken image by every browser and by iOS, although its chunks and
/// CRCs are sound (issue 23: such icons were accepted).
extension PNGImage {
    /// The bytes the image data inflates to, from IHDR: each row (of each Adam7 pass when
    /// interlaced) is one filter byte and its packed samples.
    public var inflatedBytes: Int {
        let channels: Int =
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        let bitsPerPixel = channels * bitDepth
        func rows(_ width: Int, _ height: Int) -> Int {
            guard width > 0, height > 0 else { return 0 }
            return height * (1 + (width * bitsPerPixel + 7) / 8)
        }
        guard interlaced else { return rows(width, height) }
        let passes = [
            (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
        ]
        return passes.reduce(0) { total, pass in
            let (x, y, xStep, yStep) = pass
            return total + rows((width - x + xStep - 1) / xStep, (height - y + yStep - 1) / yStep)
        }
    }

    /// Inflates the image data of `bytes` (the file this value was read from) without keeping it,
    /// and answers the fault when it is damaged, cut short, or inflates to other than
    /// `inflatedBytes`; nil when it is whole. Refuses without inflating when the image would be
    /// over `maximumInflatedBytes`: memory stays at zlib's state and a 16 KB scratch buffer, and
    /// the time is bounded by the output, which stops at the expected size.
    ///
    /// zlib (through `CZlib`, this module's only C import) does the inflating: a bounded
    /// decompressor written here would be a second, less tested copy of a rule zlib keeps.
    public func checkImageData(of bytes: [UInt8], maximumInflatedBytes: Int) -> PNGFault? {
        let expected = inflatedBytes
        guard expected <= maximumInflatedBytes else {
            return .damaged("its image would inflate to \(expected) bytes, over \(maximumInflatedBytes)")
        }
        let stream = dataRanges.flatMap { bytes[$0] }
        var produced = 0
        let code = stream.withUnsafeBufferPointer { buffer in
            czlib_inflated_size(buffer.baseAddress, buffer.count, expected, &produced)
        }
        switch code {
        case 0 where produced == expected: return nil
        case 0: return .damaged("its image data holds \(produced) of the \(expected) bytes the image needs")
        case 1: return .damaged("its image data is longer than the image")
        default: return .damaged("its image data does not inflate (damaged or cut short)")
        }
    }
}

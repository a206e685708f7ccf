import UnderstudyJSON

/// Lower and upper bounds that leave nothing between them.
enum Bounds {
    /// Why `low` above `high` (lengths, item or property counts) rules out `kind`, or nil.
    static func crossing(_ object: JSONObject, _ low: String, _ high: String, _ kind: String) -> String? {
        guard let least = object[low]?.numberValue?.doubleValue, let most = object[high]?.numberValue?.doubleValue,
            least > most
        else { return nil }
        return "\(kind) needs \(low) \(format(least)) but maxes out at \(high) \(format(most))"
    }

    /// Why the numeric bounds (3.0's boolean and 3.1's numeric exclusive forms both) leave no
    /// number, or for `integer` no integer and no multiple of `multipleOf`; nil when one fits.
    static func numbers(_ object: JSONObject, integer: Bool) -> String? {
        var low = -Double.infinity
        var lowOpen = false
        var high = Double.infinity
        var highOpen = false
        if let minimum = object["minimum"]?.numberValue?.doubleValue {
            (low, lowOpen) = (minimum, object["exclusiveMinimum"] == .bool(true))
        }
        if let exclusive = object["exclusiveMinimum"]?.numberValue?.doubleValue, exclusive >= low {
            (low, lowOpen) = (exclusive, true)
        }
        if let maximum = object["maximum"]?.numberValue?.doubleValue {
            (high, highOpen) = (maximum, object["exclusiveMaximum"] == .bool(true))
        }
        if let exclusive = object["exclusiveMaximum"]?.numberValue?.doubleValue, exclusive <= high {
            (high, highOpen) = (exclusive, true)
        }
        let range = "\(lowOpen ? "(" : "[")\(format(low)), \(format(high))\(highOpen ? ")" : "]")"
        if low > high || (low == high && (lowOpen || highOpen)) { return "no number lies in \(range)" }
        guard integer || object["multipleOf"] != nil, low.isFinite, high.isFinite else { return nil }
        let step = object["multipleOf"]?.numberValue?.doubleValue ?? 1
        guard step > 0, (high - low) / step < 1e9 else { return nil }
        // The first multiple of `step` inside the range, then whether it is still inside.
        var first = (low / step).rounded(.up) * step
        if lowOpen && first == low { first += step }
        let fits = first < high || (first == high && !highOpen)
        guard !fits else {
            guard integer, object["multipleOf"] != nil else { return nil }
            // An integer multiple: walk the multiples in range (few, or it would have fitted soon).
            var candidate = first
            var steps = 0
            while candidate < high || (candidate == high && !highOpen) {
                if candidate.rounded() == candidate { return nil }
                candidate += step
                steps += 1
                if steps > 10_000 { return nil }
            }
            return "no integer multiple of \(format(step)) lies in \(range)"
        }
        return object["multipleOf"] != nil
            ? "no multiple of \(format(step)) lies in \(range)" : "no integer lies in \(range)"
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

//! The string formats kube-apiserver checks in a custom resource (kube-openapi's
//! `strfmt.Default`, as apiextensions keeps them at Kubernetes 1.32): for each, values Go's
//! checks accept and refuse, and the failure exactly as apiextensions reports it.

use kapi_schema::formats::validates;
use kapi_schema::validate::{validate, Failure, FailureKind};
use serde_json::{json, Value};

/// Every value must be accepted (`true`) or refused (`false`) by `format`.
fn check(format: &str, valid: &[&str], invalid: &[&str]) {
    for v in valid {
        assert_eq!(
            validates(format, v),
            Some(true),
            "{format} should accept {v:?}"
        );
    }
    for v in invalid {
        assert_eq!(
            validates(format, v),
            Some(false),
            "{format} should refuse {v:?}"
        );
    }
}

#[test]
fn bsonobjectid() {
    check(
        "bsonobjectid",
        &["507f1f77bcf86cd799439011", "507F1F77BCF86CD799439011"],
        &["507f1f77bcf86cd79943901", "507f1f77bcf86cd79943901z", ""],
    );
}

#[test]
fn uri() {
    check(
        "uri",
        &[
            "http://example.com/a?b=c",
            "https://user:pa%20ss@example.com:8443/p%2Fq#frag",
            "mailto:someone@example.com",
            "/relative/path",
            "*",
            "http://[fe80::1%25en0]:8080/",
            "urn:isbn:0321751043",
        ],
        &[
            "",
            "example.com",
            "http://exa mple.com/",
            "http://host/%zz",
            ":foo",
            "http://host:port/",
            "http://host#frag",
            "http://example.com/\n",
            "1http://example.com",
        ],
    );
}

#[test]
fn email() {
    check(
        "email",
        &[
            "a@b.c",
            "John Doe <john@example.com>",
            "<john@example.com>",
            "\"quoted local\"@example.org",
            "user@[192.168.0.1]",
            "user@[::1]",
            "a@b (a comment)",
            "Team: a@b.c;",
            "jöhn@exämple.com",
        ],
        &[
            "",
            "plainaddress",
            "a@",
            "@b.c",
            "a..b@c.d",
            ".a@b.c",
            "John <a@b.c",
            "John Doe",
            "a@[300.1.1.1]",
            "Team: a@b.c, d@e.f;",
            "Team:;",
            "a@b.c, d@e.f",
        ],
    );
}

#[test]
fn hostname() {
    let long_label = "a".repeat(64);
    let long_name = format!("{}.com", ["abcdefghij"; 25].join("."));
    check(
        "hostname",
        &[
            "example.com",
            "a",
            // kube's pattern lets a single label end in one dash.
            "a-",
            "localhost",
            "xn--bcher-kva.example",
            "münchen.de",
            "1.example.com",
            "sub-domain.example.london",
        ],
        &[
            "-a",
            "a.b",
            "a_b.com",
            "ex ample.com",
            "a.123",
            "a..com",
            "a-.com",
            "",
            &long_label,
            &format!("{long_label}.com"),
            &long_name,
        ],
    );
}

#[test]
fn ip_addresses_and_cidrs() {
    check(
        "ipv4",
        // kube parses IPv4 as Go before 1.17 did: leading zeros pass.
        &["192.168.0.1", "0.0.0.0", "010.000.0.1", "::ffff:1.2.3.4"],
        &[
            "256.0.0.1",
            "1.2.3",
            "1.2.3.4.5",
            "::1",
            "1.2.3.-4",
            "a.b.c.d",
            "",
        ],
    );
    check(
        "ipv6",
        &[
            "::1",
            "::",
            "fe80::1",
            "2001:db8::",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
        ],
        &[
            "1.2.3.4",
            "fe80::1%eth0",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "00001::",
            "::ffff:01.2.3.4",
            "1:2:3:4:5:6:7::8",
            "1:2:3:4:5:1.2.3.4",
            "1:",
            ":1",
            "",
        ],
    );
    check(
        "cidr",
        &[
            "10.0.0.0/8",
            "2001:db8::/32",
            "010.0.0.0/024",
            "::/0",
            "1.2.3.4/32",
        ],
        &[
            "10.0.0.0",
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/",
            "10.0.0.0/a",
            "/8",
        ],
    );
}

#[test]
fn mac() {
    check(
        "mac",
        &[
            "00:1a:2b:3c:4d:5e",
            "00-1A-2B-3C-4D-5E",
            "001a.2b3c.4d5e",
            "00:00:00:00:fe:80:00:00",
            "0000.0000.fe80.0000",
        ],
        &[
            "00:1a:2b:3c:4d",
            "00:1a-2b:3c:4d:5e",
            "001a2b3c4d5e",
            "00:1a:2b:3c:4d:5g",
            "0:1a:2b:3c:4d:5e:",
        ],
    );
}

#[test]
fn uuids() {
    check(
        "uuid",
        &[
            "123e4567-e89b-12d3-a456-426614174000",
            "123E4567E89B12D3A456426614174000",
            "123e4567e89b-12d3a456-426614174000",
        ],
        &[
            "123e4567-e89b-12d3-a456-42661417400",
            "g23e4567-e89b-12d3-a456-426614174000",
            "123e4567--e89b-12d3-a456-426614174000",
            "{123e4567-e89b-12d3-a456-426614174000}",
        ],
    );
    check(
        "uuid3",
        &[
            "a3bb189e-8bf9-3888-9912-ace4e6543002",
            "a3bb189e-8bf9-3888-c912-ace4e6543002",
        ],
        &["f47ac10b-58cc-4372-a567-0e02b2c3d479"],
    );
    check(
        "uuid4",
        &[
            "f47ac10b-58cc-4372-a567-0e02b2c3d479",
            "F47AC10B-58CC-4372-B567-0E02B2C3D479",
        ],
        &[
            "f47ac10b-58cc-4372-c567-0e02b2c3d479",
            "886313e1-3b8a-5372-9b90-0c9aee199e5d",
        ],
    );
    check(
        "uuid5",
        &["886313e1-3b8a-5372-9b90-0c9aee199e5d"],
        &[
            "f47ac10b-58cc-4372-a567-0e02b2c3d479",
            "886313e1-3b8a-5372-7b90-0c9aee199e5d",
        ],
    );
}

#[test]
fn isbns() {
    check(
        "isbn10",
        &["0321751043", "0-321-75104-3", "080442957X"],
        &["0321751044", "978-0321751041", "08044295X7"],
    );
    check(
        "isbn13",
        &["978-0321751041", "978 0321751041", "9780321751041"],
        &["9780321751042", "0321751043"],
    );
    check(
        "isbn",
        &["0321751043", "978-0321751041"],
        &["123", "9780321751042"],
    );
}

#[test]
fn credit_cards_and_ssns() {
    check(
        "creditcard",
        &[
            "4111 1111 1111 1111",
            "4111-1111-1111-1111",
            "378282246310005",
            "5555555555554444",
            "6011111111111117",
        ],
        &["4111 1111 1111 1112", "1234", "5655555555554444", ""],
    );
    check(
        "ssn",
        &["123-45-6789", "123 45 6789", "123-45 6789"],
        &["123456789", "123-45-678a", "123-456-789"],
    );
}

#[test]
fn colours_bytes_and_passwords() {
    check(
        "hexcolor",
        &["#fff", "A0B1C2", "#a0b1c2"],
        &["#ffff", "#ggg", "", "##fff"],
    );
    check(
        "rgbcolor",
        &["rgb(255,0,10)", "rgb( 0 , 0 , 0 )", "rgb(199,249,250)"],
        &[
            "rgb(256,0,0)",
            "rgb(01,0,0)",
            "rgb(0,0)",
            "RGB(0,0,0)",
            "rgb(0,0,0) ",
        ],
    );
    check(
        "byte",
        &["aGVsbG8=", "YWJj", "YQ==", "a+/b"],
        &["", "aGVsbG8", "a===", "YQ==YWJj", "aGVs bG8="],
    );
    check("password", &["", "anything at all"], &[]);
}

#[test]
fn dates_times_and_durations() {
    check(
        "date",
        &["2024-02-29", "2000-01-01", "0000-12-31"],
        &[
            "2023-02-29",
            "2024-13-01",
            "2024-1-01",
            "24-01-01",
            "2024-01-01T00:00:00Z",
            "2024-04-31",
            "",
        ],
    );
    for name in ["datetime", "date-time"] {
        check(
            name,
            &[
                "2014-12-15T19:30:20.000Z",
                "2014-12-15t19:30:20+01:00",
                "2014-12-15T19:30:20Z",
                "2014-12-15T23:59:59.123456-08:00",
            ],
            &[
                "2014-12-15",
                "2014-12-15T24:00:00Z",
                "2014-12-15T19:30:20",
                "2014-12-15 19:30:20Z",
                "2014-12-15T19:30:60Z",
                "2014-02-30T19:30:20Z",
            ],
        );
    }
    check(
        "duration",
        &[
            "1h30m",
            "-1.5s",
            "0",
            "300ms",
            "10\u{b5}s",
            "5 days",
            "2 weeks",
            "1 hour",
            "1 s",
            "1d",
            "3 minutes",
        ],
        &[
            "",
            "h",
            "1x",
            "forever",
            "5 lightyears",
            "99999999999999999999 days",
            "1.5",
        ],
    );
}

#[test]
fn unknown_formats_are_not_checked() {
    assert_eq!(validates("int32", "x"), None);
    assert_eq!(validates("k8s-short-name", "Not_A_Name"), None);
    assert_eq!(validates("", "x"), None);
}

fn type_invalid(path: &str, value: &str, message: &str) -> Failure {
    Failure {
        path: path.into(),
        kind: FailureKind::TypeInvalid {
            value: Value::String(value.into()),
            message: message.into(),
        },
    }
}

#[test]
fn validate_reports_a_bad_format_as_apiextensions_does() {
    let schema = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "id": {"type": "string", "format": "uuid"},
        "when": {"type": "string", "format": "date-time"},
        "short": {"type": "string", "format": "hostname", "maxLength": 3},
        "untyped": {"format": "ipv4"},
        "count": {"type": "integer", "format": "int32"},
        "odd": {"type": "integer", "format": "uuid"},
        "custom": {"type": "string", "format": "my-own"},
        "quoted": {"type": "string", "format": "email"}
    }}}});
    let object = json!({"spec": {
        "id": "nope",
        "when": "yesterday",
        "short": "-bad",
        "untyped": "1.2.3",
        "count": 7,
        "odd": 7,
        "custom": "anything",
        "quoted": "say \"hi\"\n\u{7f}\u{a0}é"
    }});
    assert_eq!(
        validate(&object, &schema),
        vec![
            type_invalid(
                "spec.id",
                "nope",
                "spec.id in body must be of type uuid: \"nope\""
            ),
            type_invalid(
                "spec.quoted",
                "say \"hi\"\n\u{7f}\u{a0}é",
                r#"spec.quoted in body must be of type email: "say \"hi\"\n\x7f\u00a0é""#,
            ),
            // Both the length and the format fail: kube-openapi runs both validators.
            Failure {
                path: "spec.short".into(),
                kind: FailureKind::TooLong { max: 3 }
            },
            type_invalid(
                "spec.short",
                "-bad",
                "spec.short in body must be of type hostname: \"-bad\""
            ),
            type_invalid(
                "spec.untyped",
                "1.2.3",
                "spec.untyped in body must be of type ipv4: \"1.2.3\""
            ),
            type_invalid(
                "spec.when",
                "yesterday",
                "spec.when in body must be of type date-time: \"yesterday\"",
            ),
        ]
    );
    let good = json!({"spec": {"id": "123e4567-e89b-12d3-a456-426614174000",
        "when": "2014-12-15T19:30:20Z", "short": "abc", "untyped": "1.2.3.4"}});
    assert_eq!(validate(&good, &schema), vec![]);
}

// The values of kube-openapi's `strfmt` tests (`default_test.go`: TestFormatURI,
// TestFormatEmail, TestFormatHostname, TestFormatIPv4, TestFormatIPv6, TestFormatCIDR,
// TestFormatMAC, TestFormatISBN*, TestFormatHexColor, TestFormatRGBColor, TestFormatSSN,
// TestFormatCreditCard, TestFormatPassword; `duration_test.go`: TestDuration,
// TestDurationParser, TestDurationParser_Failed, TestIsDuration_Failed; `time_test.go`:
// TestParseDateTime_fullCycle), as facts.
#[test]
fn kube_openapi_strfmt_cases() {
    check("uri", &["http://somewhereelse.com"], &["somewhere.com"]);
    check(
        "email",
        &[
            "somebodyelse@somewhere.com",
            "blah@gmail.com",
            "test@d.verylongtoplevel",
            "email+tag@gmail.com",
            r#"" "@example.com"#,
            r#""Abc\@def"@example.com"#,
            r#""Fred Bloggs"@example.com"#,
            r#""Joe\\Blow"@example.com"#,
            r#""Abc@def"@example.com"#,
            "customer/department=shipping@example.com",
            "$A12345@example.com",
            "!def!xyz%abc@example.com",
            "_somename@example.com",
            "!#$%&'*+-/=?^_`{}|~@example.com",
            "Miles.O'Brian@example.com",
            "postmaster@☁→❄→☃→☀→☺→☂→☹→✝.ws",
            "root@localhost",
            "john@com",
            "api@piston.ninja",
        ],
        &["somebody@somewhere@com"],
    );
    let very_long = "a".repeat(256);
    let long_segment = format!("x.y.{}", "a".repeat(64));
    check(
        "hostname",
        &[
            "somewhere.com",
            "888.com",
            "a.com",
            "a.b.com",
            "a.b.c.com",
            "a.b.c.d.com",
            "a.b.c.d.e.com",
            "1.com",
            "1.2.com",
            "1.2.3.com",
            "1.2.3.4.com",
            "99.domain.com",
            "99.99.domain.com",
            "1wwworg.example.com",
            "1000wwworg.example.com",
            "xn--bcher-kva.example.com",
            "xn-80ak6aa92e.co",
            "xn-80ak6aa92e.com",
            "xn--ls8h.la",
            "☁→❄→☃→☀→☺→☂→☹→✝.ws",
            "www.example.onion",
            "www.example.ôlà",
            "ôlà.ôlà",
            "ôlà.ôlà.ôlà",
            "ex$ample",
            "localhost",
            "example",
            "x",
            "x-y",
            "a.b.c.dot",
            "www.example.org",
            "a.b.c.d.e.f.g.dot",
            "ex=ample.com",
            "<foo>",
            "www.example-hyphenated.org",
            "www.詹姆斯.org",
            "www.élégigôö.org",
            "www.詹姆斯.london",
        ],
        &[
            "somewhere.com!",
            "user@email.domain",
            "1.1.1.1",
            &very_long,
            &long_segment,
            "www.example-.org",
            "www.--example.org",
            "-www.example.org",
            "www-.example.org",
            "www.d-.org",
            "www.-d.org",
            "www-",
            "-www",
            "www.ex ample.org",
            "_www.example.org",
            "www.ex;ample.org",
            "www.example_underscored.org",
            "www.詹姆斯.x",
            "a.b.c.d",
            "-xyz",
            "xyz-",
            "x.",
            "a.b.c.dot-",
            "a.b.c.é;ö",
        ],
    );
    check(
        "ipv4",
        &["192.168.254.2", "127.0.0.1", "192.168.1.1", "192.168.1.01"],
        &["198.168.254.2.2"],
    );
    check("ipv6", &["::2"], &["127.0.0.1"]);
    check(
        "cidr",
        &[
            "192.168.254.2/24",
            "192.0.2.1/24",
            "192.0.02.1/24",
            "2001:db8:a0b:12f0::1/32",
        ],
        &["198.168.254.2", "2001:db8:a0b:12f0::1"],
    );
    check("mac", &["06:05:04:03:02:01"], &["01:02:03:04:05"]);
    for uuid in ["uuid", "uuid3", "uuid4", "uuid5"] {
        check(uuid, &[], &["not-a-uuid"]);
    }
    check("isbn", &["0321751043"], &["836217463"]);
    check("isbn10", &["0321751043"], &["836217463"]);
    check("isbn13", &["978-0321751041"], &["978-0321751042"]);
    check("hexcolor", &["#000000"], &["#fffffffz"]);
    check("rgbcolor", &["rgb(0,0,0)"], &["rgb(300,0,0)"]);
    check("ssn", &["999 99 9999"], &["999 99 999"]);
    check(
        "creditcard",
        &["4012-8888-8888-1881"],
        &["9999-9999-9999-999"],
    );
    check("password", &["super secret!!!", "even more secret"], &[]);
    let mut durations = vec!["0ms".to_string(), "2ms".to_string()];
    for unit in [
        "ns",
        "us",
        "µs",
        "ms",
        "s",
        "m",
        "h",
        "hr",
        "d",
        "w",
        "wk",
        "nanoseconds",
        "nanos",
        "microseconds",
        "micros",
        "millis",
        "milliseconds",
        "second",
        "sec",
        "min",
        "minute",
        "hour",
        "day",
        "week",
    ] {
        durations.push(format!("1{unit}"));
        durations.push(format!("1  {unit}"));
    }
    let durations: Vec<&str> = durations.iter().map(String::as_str).collect();
    check(
        "duration",
        &durations,
        &[
            "yada",
            "three week",
            "9999999999999999999999999999999999999999999999999999999 weeks",
            "12 parsecs",
            "12 y",
            "45 wekk",
            "45 weeekks",
        ],
    );
    check(
        "date-time",
        &[
            "2014-12-15T08:00:00.000Z",
            "2011-08-18T19:03:37.000+01:00",
            "2014-12-15T19:30:20.000Z",
            "0001-01-01T00:00:00.000Z",
            "1970-01-01T00:00:00.000Z",
        ],
        &["yada"],
    );
}

// The values of the govalidator tests kube-openapi keeps (`validator_test.go`:
// TestIsRequestURI, TestIsHexcolor, TestIsRGBcolor, TestIsCreditCard, TestIsISBN,
// TestIsBase64, TestIIsIPv6, TestIsMAC, TestIsSSN), as facts.
#[test]
fn govalidator_cases() {
    check(
        "uri",
        &[
            "http://foo.bar/#com",
            "http://foobar.com",
            "https://foobar.com",
            "http://foobar.coffee/",
            "http://foobar.中文网/",
            "http://foobar.org/",
            "http://foobar.org:8080/",
            "ftp://foobar.ru/",
            "http://user:pass@www.foobar.com/",
            "http://127.0.0.1/",
            "http://duckduckgo.com/?q=%2F",
            "http://localhost:3000/",
            "http://foobar.com/?foo=bar#baz=qux",
            "http://foobar.com?foo=bar",
            "http://www.xn--froschgrn-x9a.net/",
            "xyz://foobar.com",
            "rtmp://foobar.com",
            "http://www.foo_bar.com/",
            "http://foobar.com/#baz=qux",
            "http://foobar.com/t$-_.+!*\\'(),",
            "http://www.foobar.com/~foobar",
            "http://www.-foobar.com/",
            "http://www.foo---bar.com/",
            "mailto:someone@example.com",
            "irc://irc.server.org/channel",
            "/abs/test/dir",
        ],
        &["", "foobar.com", "invalid.", ".com", "./rel/test/dir"],
    );
    check(
        "hexcolor",
        &["CCccCC", "fff", "#f00"],
        &["", "#ff", "fff0", "#ff12FG"],
    );
    check(
        "rgbcolor",
        &["rgb(0,31,255)", "rgb(0,  31, 255)"],
        &[
            "",
            "rgb(1,349,275)",
            "rgb(01,31,255)",
            "rgb(0.6,31,255)",
            "rgba(0,31,255)",
        ],
    );
    check(
        "creditcard",
        &[
            "4220855426222389",
            "4220 8554 2622 2389",
            "4220-8554-2622-2389",
            "5139288802098206",
            "374953669708156",
            "6011464355444102",
            "3548209662790989",
        ],
        &[
            "",
            "credit card",
            "4220855426213389",
            "30190239451016",
            "6521674451993089",
            "2204151414444676",
            "624356436327468104",
        ],
    );
    check(
        "isbn",
        &[
            "3836221195",
            "1-61729-085-8",
            "3 423 21412 0",
            "3 401 01319 X",
            "9784873113685",
            "978-4-87311-368-5",
            "978 3401013190",
            "978-3-8362-2119-1",
        ],
        &["", "foo"],
    );
    check(
        "isbn10",
        &[
            "3836221195",
            "1-61729-085-8",
            "3 423 21412 0",
            "3 401 01319 X",
        ],
        &[
            "",
            "foo",
            "3423214121",
            "978-3836221191",
            "3-423-21412-1",
            "3 423 21412 1",
        ],
    );
    check(
        "isbn13",
        &[
            "9784873113685",
            "978-4-87311-368-5",
            "978 3401013190",
            "978-3-8362-2119-1",
        ],
        &[
            "",
            "foo",
            "3-8362-2119-5",
            "01234567890ab",
            "978 3 8362 2119 0",
        ],
    );
    check(
        "byte",
        &[
            "TG9yZW0gaXBzdW0gZG9sb3Igc2l0IGFtZXQsIGNvbnNlY3RldHVyIGFkaXBpc2NpbmcgZWxpdC4=",
            "Vml2YW11cyBmZXJtZW50dW0gc2VtcGVyIHBvcnRhLg==",
            "U3VzcGVuZGlzc2UgbGVjdHVzIGxlbw==",
        ],
        &["12345", "", "Vml2YW11cyBmZXJtZtesting123"],
    );
    check(
        "ipv6",
        &["::1", "2001:db8:0000:1:1:1:1:1"],
        &[
            "",
            "127.0.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "1.2.3.4",
            "300.0.0.0",
        ],
    );
    check(
        "mac",
        &["3D:F2:C9:A6:B3:4F"],
        &["3D-F2-C9-A6-B3:4F", "123", "", "abacaba"],
    );
    check(
        "ssn",
        &["191 60 2869", "191-60-2869"],
        &["", "00-90-8787", "66690-76"],
    );
}

// Every check takes any string without panicking: strings drawn (deterministically) from
// the characters the parsers branch on, multi-byte ones included.
#[test]
fn no_string_panics_a_check() {
    const FORMATS: [&str; 25] = [
        "bsonobjectid",
        "uri",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "cidr",
        "mac",
        "uuid",
        "uuid3",
        "uuid4",
        "uuid5",
        "isbn",
        "isbn10",
        "isbn13",
        "creditcard",
        "ssn",
        "hexcolor",
        "rgbcolor",
        "byte",
        "password",
        "date",
        "duration",
        "datetime",
        "date-time",
    ];
    let alphabet: Vec<char> = "0123456789abfxXzZtT:.-/@[]()<>\"\\%25 \t\n,;=+?#*µμé☃\u{10348}"
        .chars()
        .collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    for _ in 0..20_000 {
        let len = next() % 40;
        let s: String = (0..len)
            .map(|_| alphabet[next() % alphabet.len()])
            .collect();
        for format in FORMATS {
            assert!(validates(format, &s).is_some());
        }
    }
    // Valid values with one character replaced, inserted or cut off reach deeper.
    let seeds = [
        "https://u:p@[fe80::1%25en0]:80/p%20?q",
        "John <a.b@[::ffff:1.2.3.4]>",
        "G: a@b.c;",
        "a@b (c\\)",
        "www.詹姆斯.org",
        "1:2:3:4:5:6:1.2.3.4",
        "10.0.0.0/8",
        "001a.2b3c.4d5e",
        "00:1a:2b:3c:4d:5e",
        "123e4567-e89b-42d3-a456-426614174000",
        "978-0321751041",
        "080442957X",
        "4111 1111 1111 1111",
        "123-45-6789",
        "rgb(1, 2, 3)",
        "aGVsbG8=",
        "2014-12-15T19:30:20.5+01:00",
        "-1.5h30m",
        "5 days 3 hours",
        "9223372036854775807ns",
    ];
    for _ in 0..20_000 {
        let seed: Vec<char> = seeds[next() % seeds.len()].chars().collect();
        let at = next() % (seed.len() + 1);
        let c = alphabet[next() % alphabet.len()];
        let mut mutated = seed.clone();
        match next() % 3 {
            0 if at < seed.len() => mutated[at] = c,
            1 => mutated.insert(at, c),
            _ => mutated.truncate(at),
        }
        let s: String = mutated.into_iter().collect();
        for format in FORMATS {
            assert!(validates(format, &s).is_some());
        }
    }
}

// kube-openapi's type validator with a format the schema keeps: a non-string that fits
// neither type nor format is reported against the format, with the data's Go format; a
// string or an array passes a non-numeric typed schema with a format; a format kube strips
// (unknown, or not the type's) leaves the plain type check.
#[test]
fn type_errors_under_a_kept_format() {
    let schema = json!({"type": "object", "properties": {
        "when": {"type": "string", "format": "date-time"},
        "id": {"type": "string", "format": "uuid"},
        "own": {"type": "string", "format": "my-own"},
        "small": {"type": "integer", "format": "int32"},
        "big": {"type": "integer", "format": "int64"},
        "ratio": {"type": "number", "format": "double"},
        "odd": {"type": "integer", "format": "uuid"}
    }});
    let object = json!({
        "when": 5,
        "id": ["not", "checked"],
        "own": 5,
        "small": 1.5,
        "big": 3.0,
        "ratio": true,
        "odd": 2.5
    });
    assert_eq!(
        validate(&object, &schema),
        vec![
            type_invalid(
                "odd",
                "number",
                "odd in body must be of type integer: \"number\""
            ),
            type_invalid(
                "own",
                "integer",
                "own in body must be of type string: \"integer\""
            ),
            type_invalid("ratio", "", "ratio in body must be of type double: \"\""),
            type_invalid(
                "small",
                "float64",
                "small in body must be of type int32: \"float64\""
            ),
            type_invalid(
                "when",
                "int64",
                "when in body must be of type date-time: \"int64\""
            ),
        ]
    );
    // A string for an integer with a format is an ordinary type error.
    assert_eq!(
        validate(&json!({"small": "x"}), &schema),
        vec![type_invalid(
            "small",
            "string",
            "small in body must be of type integer: \"string\""
        )]
    );
}

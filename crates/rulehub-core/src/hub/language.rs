//! Language codes as written in `hub.yaml` and in file names (`tablut.cs.md`).

use std::fmt;

use serde::{Deserialize, Deserializer};
use unic_langid::LanguageIdentifier;

/// A validated BCP 47 language tag such as `en`, `cs` or `pt-BR`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Language {
    code: String,
}

impl Language {
    pub fn parse(code: &str) -> Result<Language, String> {
        let valid_shape = !code.is_empty()
            && code.split('-').next().is_some_and(|primary| {
                (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_lowercase())
            });
        if !valid_shape || code.parse::<LanguageIdentifier>().is_err() {
            return Err(format!(
                "`{code}` is not a language code; use a lowercase ISO 639 code such as `en`, `cs` or `fi`"
            ));
        }
        Ok(Language {
            code: code.to_string(),
        })
    }

    pub fn english() -> Language {
        Language {
            code: "en".to_string(),
        }
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn identifier(&self) -> LanguageIdentifier {
        // `parse` only accepts codes that unic-langid accepted.
        self.code
            .parse()
            .expect("language code was validated on creation")
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code)
    }
}

impl<'de> Deserialize<'de> for Language {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Language::parse(&code).map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.code)
    }
}

/// The ISO 639-1 two-letter codes with each language's English name,
/// sorted by code: what a two-letter primary subtag may be.
const ISO_639_1: &[(&str, &str)] = &[
    ("aa", "Afar"),
    ("ab", "Abkhazian"),
    ("ae", "Avestan"),
    ("af", "Afrikaans"),
    ("ak", "Akan"),
    ("am", "Amharic"),
    ("an", "Aragonese"),
    ("ar", "Arabic"),
    ("as", "Assamese"),
    ("av", "Avaric"),
    ("ay", "Aymara"),
    ("az", "Azerbaijani"),
    ("ba", "Bashkir"),
    ("be", "Belarusian"),
    ("bg", "Bulgarian"),
    ("bi", "Bislama"),
    ("bm", "Bambara"),
    ("bn", "Bengali"),
    ("bo", "Tibetan"),
    ("br", "Breton"),
    ("bs", "Bosnian"),
    ("ca", "Catalan"),
    ("ce", "Chechen"),
    ("ch", "Chamorro"),
    ("co", "Corsican"),
    ("cr", "Cree"),
    ("cs", "Czech"),
    ("cu", "Church Slavonic"),
    ("cv", "Chuvash"),
    ("cy", "Welsh"),
    ("da", "Danish"),
    ("de", "German"),
    ("dv", "Divehi"),
    ("dz", "Dzongkha"),
    ("ee", "Ewe"),
    ("el", "Greek"),
    ("en", "English"),
    ("eo", "Esperanto"),
    ("es", "Spanish"),
    ("et", "Estonian"),
    ("eu", "Basque"),
    ("fa", "Persian"),
    ("ff", "Fulah"),
    ("fi", "Finnish"),
    ("fj", "Fijian"),
    ("fo", "Faroese"),
    ("fr", "French"),
    ("fy", "Western Frisian"),
    ("ga", "Irish"),
    ("gd", "Scottish Gaelic"),
    ("gl", "Galician"),
    ("gn", "Guarani"),
    ("gu", "Gujarati"),
    ("gv", "Manx"),
    ("ha", "Hausa"),
    ("he", "Hebrew"),
    ("hi", "Hindi"),
    ("ho", "Hiri Motu"),
    ("hr", "Croatian"),
    ("ht", "Haitian Creole"),
    ("hu", "Hungarian"),
    ("hy", "Armenian"),
    ("hz", "Herero"),
    ("ia", "Interlingua"),
    ("id", "Indonesian"),
    ("ie", "Interlingue"),
    ("ig", "Igbo"),
    ("ii", "Sichuan Yi"),
    ("ik", "Inupiaq"),
    ("io", "Ido"),
    ("is", "Icelandic"),
    ("it", "Italian"),
    ("iu", "Inuktitut"),
    ("ja", "Japanese"),
    ("jv", "Javanese"),
    ("ka", "Georgian"),
    ("kg", "Kongo"),
    ("ki", "Kikuyu"),
    ("kj", "Kuanyama"),
    ("kk", "Kazakh"),
    ("kl", "Kalaallisut"),
    ("km", "Khmer"),
    ("kn", "Kannada"),
    ("ko", "Korean"),
    ("kr", "Kanuri"),
    ("ks", "Kashmiri"),
    ("ku", "Kurdish"),
    ("kv", "Komi"),
    ("kw", "Cornish"),
    ("ky", "Kyrgyz"),
    ("la", "Latin"),
    ("lb", "Luxembourgish"),
    ("lg", "Ganda"),
    ("li", "Limburgish"),
    ("ln", "Lingala"),
    ("lo", "Lao"),
    ("lt", "Lithuanian"),
    ("lu", "Luba-Katanga"),
    ("lv", "Latvian"),
    ("mg", "Malagasy"),
    ("mh", "Marshallese"),
    ("mi", "Maori"),
    ("mk", "Macedonian"),
    ("ml", "Malayalam"),
    ("mn", "Mongolian"),
    ("mr", "Marathi"),
    ("ms", "Malay"),
    ("mt", "Maltese"),
    ("my", "Burmese"),
    ("na", "Nauru"),
    ("nb", "Norwegian Bokmål"),
    ("nd", "North Ndebele"),
    ("ne", "Nepali"),
    ("ng", "Ndonga"),
    ("nl", "Dutch"),
    ("nn", "Norwegian Nynorsk"),
    ("no", "Norwegian"),
    ("nr", "South Ndebele"),
    ("nv", "Navajo"),
    ("ny", "Chichewa"),
    ("oc", "Occitan"),
    ("oj", "Ojibwa"),
    ("om", "Oromo"),
    ("or", "Odia"),
    ("os", "Ossetian"),
    ("pa", "Punjabi"),
    ("pi", "Pali"),
    ("pl", "Polish"),
    ("ps", "Pashto"),
    ("pt", "Portuguese"),
    ("qu", "Quechua"),
    ("rm", "Romansh"),
    ("rn", "Rundi"),
    ("ro", "Romanian"),
    ("ru", "Russian"),
    ("rw", "Kinyarwanda"),
    ("sa", "Sanskrit"),
    ("sc", "Sardinian"),
    ("sd", "Sindhi"),
    ("se", "Northern Sami"),
    ("sg", "Sango"),
    ("si", "Sinhala"),
    ("sk", "Slovak"),
    ("sl", "Slovenian"),
    ("sm", "Samoan"),
    ("sn", "Shona"),
    ("so", "Somali"),
    ("sq", "Albanian"),
    ("sr", "Serbian"),
    ("ss", "Swati"),
    ("st", "Southern Sotho"),
    ("su", "Sundanese"),
    ("sv", "Swedish"),
    ("sw", "Swahili"),
    ("ta", "Tamil"),
    ("te", "Telugu"),
    ("tg", "Tajik"),
    ("th", "Thai"),
    ("ti", "Tigrinya"),
    ("tk", "Turkmen"),
    ("tl", "Tagalog"),
    ("tn", "Tswana"),
    ("to", "Tongan"),
    ("tr", "Turkish"),
    ("ts", "Tsonga"),
    ("tt", "Tatar"),
    ("tw", "Twi"),
    ("ty", "Tahitian"),
    ("ug", "Uyghur"),
    ("uk", "Ukrainian"),
    ("ur", "Urdu"),
    ("uz", "Uzbek"),
    ("ve", "Venda"),
    ("vi", "Vietnamese"),
    ("vo", "Volapük"),
    ("wa", "Walloon"),
    ("wo", "Wolof"),
    ("xh", "Xhosa"),
    ("yi", "Yiddish"),
    ("yo", "Yoruba"),
    ("za", "Zhuang"),
    ("zh", "Chinese"),
    ("zu", "Zulu"),
];

/// Two-letter codes written for a language that are not language codes:
/// most are the country's code (`cz` for Czechia, whose language is `cs`),
/// some withdrawn codes (`iw`).
const MISTAKEN: &[(&str, &str)] = &[
    ("al", "sq"),
    ("by", "be"),
    ("cn", "zh"),
    ("cz", "cs"),
    ("dk", "da"),
    ("ge", "ka"),
    ("gb", "en"),
    ("gr", "el"),
    ("il", "he"),
    ("in", "id"),
    ("iw", "he"),
    ("ji", "yi"),
    ("jp", "ja"),
    ("mo", "ro"),
    ("rs", "sr"),
    ("sp", "es"),
    ("ua", "uk"),
    ("us", "en"),
    ("vn", "vi"),
];

/// The English name of a language code's primary language (`cs` and
/// `cs-CZ` are Czech), when it is a two-letter ISO 639-1 code.
pub fn language_name(code: &str) -> Option<&'static str> {
    let primary = code.split('-').next()?;
    ISO_639_1
        .binary_search_by(|(c, _)| (*c).cmp(primary))
        .ok()
        .map(|i| ISO_639_1[i].1)
}

/// Whether a code's primary language is a language: any three-letter
/// (ISO 639-2/3) subtag, a two-letter one only when ISO 639-1 has it.
pub fn is_known_language(code: &str) -> bool {
    let primary = code.split('-').next().unwrap_or(code);
    primary.len() != 2 || language_name(primary).is_some()
}

/// The code meant by a two-letter code that is not a language code, when
/// it is a known mistake (`cz` for `cs`), with the language's name.
pub fn meant_language(code: &str) -> Option<(&'static str, &'static str)> {
    let primary = code.split('-').next()?;
    let meant = MISTAKEN.iter().find(|(wrong, _)| *wrong == primary)?.1;
    Some((meant, language_name(meant)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plain_and_regional_codes_and_rejects_the_rest() {
        for ok in ["en", "cs", "fi", "pt-BR", "fil"] {
            assert!(Language::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["", "EN", "english", "e", "c s", "../x"] {
            assert!(Language::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn knows_language_names_and_country_codes_written_for_them() {
        assert_eq!(language_name("cs"), Some("Czech"));
        assert_eq!(language_name("pt-BR"), Some("Portuguese"));
        assert_eq!(language_name("cz"), None);
        assert!(is_known_language("fil") && is_known_language("fi"));
        assert!(!is_known_language("cz") && !is_known_language("cz-CZ"));
        assert_eq!(meant_language("cz"), Some(("cs", "Czech")));
        for (wrong, meant) in MISTAKEN {
            assert!(language_name(wrong).is_none(), "{wrong} is a language");
            assert!(language_name(meant).is_some(), "{meant} is not");
        }
    }
}

//! The keys a front-matter or `hub.yaml` type accepts, read from its
//! derived `Deserialize`, so that a message listing them cannot fall
//! behind the type (a hand-kept list once left out `raw_html` and
//! `room_server`).

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// The field names `T` deserializes, in declaration order (serde's own
/// list, the one its "unknown field, expected one of …" message names).
/// Empty for a type that is not a struct.
pub fn fields<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    match T::deserialize(FieldCatcher) {
        Err(Caught(Some(fields))) => fields,
        _ => &[],
    }
}

/// [`fields`] joined with `, `, for a help line.
pub fn key_list<'de, T: Deserialize<'de>>() -> String {
    fields::<T>().join(", ")
}

/// A deserializer that answers nothing: the derived `Deserialize` of a
/// struct hands it the struct's field names first, and it keeps them.
struct FieldCatcher;

#[derive(Debug)]
struct Caught(Option<&'static [&'static str]>);

impl fmt::Display for Caught {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("reading field names")
    }
}

impl std::error::Error for Caught {}

impl de::Error for Caught {
    fn custom<M: fmt::Display>(_: M) -> Self {
        Caught(None)
    }
}

impl<'de> Deserializer<'de> for FieldCatcher {
    type Error = Caught;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Caught> {
        Err(Caught(None))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Caught> {
        Err(Caught(Some(fields)))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::{HubConfig, SectionFrontMatter, TranslationFrontMatter, VariantFrontMatter};

    /// serde's own list of what `T` accepts, from its refusal of an unknown key.
    fn refused_with<T: de::DeserializeOwned + fmt::Debug>() -> Vec<String> {
        let error = serde_yaml::from_str::<T>("zz-not-a-key: 1\n")
            .expect_err("an unknown key is refused")
            .to_string();
        let expected = error.split_once("expected").expect("a list").1;
        let expected = expected.split(" at line").next().unwrap_or(expected);
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_lists_are_every_field_of_the_types() {
        assert_eq!(fields::<HubConfig>(), refused_with::<HubConfig>());
        for key in ["raw_html", "room_server", "languages", "theme"] {
            assert!(fields::<HubConfig>().contains(&key), "{key}");
        }
        assert_eq!(
            fields::<SectionFrontMatter>(),
            refused_with::<SectionFrontMatter>()
        );
        assert_eq!(
            fields::<TranslationFrontMatter>(),
            refused_with::<TranslationFrontMatter>()
        );
        assert_eq!(
            fields::<VariantFrontMatter>(),
            refused_with::<VariantFrontMatter>()
        );
        assert_eq!(fields::<String>(), &[] as &[&str]);
    }

    #[test]
    fn the_variant_key_list_is_the_types() {
        assert_eq!(crate::hub::VARIANT_KEYS, key_list::<VariantFrontMatter>());
    }
}

//! Card-entry stand-in, prefix `/card-entry`: a working substitute of the embedded
//! card-capture component (seed 000 §7: window messages, 880 px high, 100 % wide; §3 "Card
//! component data"; design §4 "Card entry"). `GET /card-entry?lang=en|es` serves the page
//! (call name `cardEntry`), which tokenises through `POST /card-entry/tokenize` (call name
//! `tokenize`). The card number decides the outcome ([`crate::test_cards`],
//! `simulators/TEST_CARDS.md`).
//!
//! # Window-message protocol
//!
//! Every message is `{ "action": "<CPC_...>", "data": { ... } }`.
//!
//! | direction | action | data |
//! |---|---|---|
//! | page -> parent | `CPC_CONFIG_READY` | `{}` (sent on load; to the `parentOrigin` query parameter when given, else `*`: it carries nothing) |
//! | parent -> page | `CPC_CONFIG_SUBMIT` | the configuration of seed 000 §7 (`channelDetails`, `config`, `customerDetails`); `channelDetails.messageLocation` names the parent origin (else the sender's origin is used) |
//! | page -> parent | `CPC_PAGE_RESIZE` | `{ "height": 880 }` (px; more if the content grows) |
//! | page -> parent | `CPC_INFO_EVENT` | `{ "event": "FORM_READY" }` after the configuration; `{ "event": "FORM_VALIDITY", "valid": bool }` on each change |
//! | parent -> page | `CPC_FORM_SUBMIT` | `{}`: submit the form (the portal's Next button) |
//! | page -> parent | `CPC_FORM_PROCESSING` | `{}` |
//! | page -> parent | `CPC_FORM_SUBMIT_RESPONSE` | `{ "status": "SUCCESS", "submissionDetails": { "cpcStatus": "SUCCESS" }, "cpcData": { "cardDetails": { token, expirationDate (MMYY), cardType, cardLast4Digits }, "customerId", "customerDetails": { firstName, lastName } }, "paymentInfo": { firstName, lastName, address, addressLine2, city, state, zipCode } }`; on a tokenise failure `status: "ERROR"` and no `cpcData` |
//! | page -> parent | `CPC_ERROR` | `{ "type": "form", "errors": [{ field, message }] }` for field errors; `{ "type": "system", "messageDetail": "..." }` when tokenising fails |
//!
//! After the configuration, the page posts only to the parent origin and accepts messages
//! only from `window.parent` at that origin. Opened on its own (no parent) it shows a
//! submit button and prints the answer, for manual testing.

use poem_openapi::{
    Object, OpenApi, Tags,
    param::{Header, Query},
    payload::{Html, Json},
};
use serde::{Deserialize, Serialize};
use upstream::payments::CardDetails;

use crate::html::{escape, script_json};
use crate::test_cards::{self, CardType};

/// Height of the page's content, px (seed 000 §7).
pub const HEIGHT_PX: u32 = 880;

/// Body of `POST /card-entry/tokenize`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TokenizeRequest {
    /// Card number; spaces and dashes are ignored.
    pub card_number: String,
    /// Expiry `MMYY`.
    pub expiration_date: String,
    /// Security code: 3 digits, 4 for American Express.
    pub cvv: String,
}

/// One field error of a tokenisation.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CardFieldError {
    /// `cardNumber`, `expirationDate` or `cvv`.
    pub field: String,
    /// `INVALID` (format, length or Luhn check) or `UNSUPPORTED_CARD_TYPE`.
    pub code: String,
}

/// Answer of `POST /card-entry/tokenize` (always 200).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TokenizeResponse {
    /// `SUCCESS` or `ERROR`.
    pub status: String,
    /// The tokenised card, on success.
    #[serde(default)]
    pub card_details: Option<CardDetails>,
    /// Field errors, on `ERROR`.
    #[serde(default)]
    pub errors: Vec<CardFieldError>,
}

/// Tokenises a card: format checks (digits, 13 to 19 long, Luhn, known type, `MMYY` with
/// month 01-12, CVV length of the type), then a token naming the test card's outcome. No
/// clock: an expiry in the past is the page's check, not this one.
pub fn tokenize(req: &TokenizeRequest) -> TokenizeResponse {
    let number: String = req
        .card_number
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .collect();
    let mut errors = Vec::new();
    let mut fail = |field: &str, code: &str| {
        errors.push(CardFieldError {
            field: field.into(),
            code: code.into(),
        })
    };
    let card_type = CardType::of_number(&number);
    if !(13..=19).contains(&number.len()) || !test_cards::luhn_valid(&number) {
        fail("cardNumber", "INVALID");
    } else if card_type.is_none() {
        fail("cardNumber", "UNSUPPORTED_CARD_TYPE");
    }
    let exp = &req.expiration_date;
    let month_ok = exp.len() == 4
        && exp.bytes().all(|b| b.is_ascii_digit())
        && (1..=12).contains(&exp[..2].parse::<u8>().unwrap_or(0));
    if !month_ok {
        fail("expirationDate", "INVALID");
    }
    let cvv_len = card_type.map_or(3, CardType::cvv_len);
    if req.cvv.len() != cvv_len || !req.cvv.bytes().all(|b| b.is_ascii_digit()) {
        fail("cvv", "INVALID");
    }
    match card_type {
        Some(card_type) if errors.is_empty() => TokenizeResponse {
            status: "SUCCESS".into(),
            card_details: Some(CardDetails {
                token: test_cards::token(&number),
                expiration_date: exp.clone(),
                card_type: card_type.name().into(),
                card_last4_digits: number[number.len() - 4..].into(),
            }),
            errors,
        },
        _ => TokenizeResponse {
            status: "ERROR".into(),
            card_details: None,
            errors,
        },
    }
}

/// The page's texts in one language.
struct Texts {
    lang: &'static str,
    title: &'static str,
    note: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    card_number: &'static str,
    expiry: &'static str,
    cvv: &'static str,
    address1: &'static str,
    address2: &'static str,
    city: &'static str,
    state: &'static str,
    zip: &'static str,
    submit: &'static str,
    required: &'static str,
    card_invalid: &'static str,
    expiry_invalid: &'static str,
    expired: &'static str,
    cvv_invalid: &'static str,
    state_invalid: &'static str,
    zip_invalid: &'static str,
    summary: &'static str,
    processing: &'static str,
    failed: &'static str,
}

const EN: Texts = Texts {
    lang: "en",
    title: "Card details",
    note: "Test card entry (simulated). Use a card number from TEST_CARDS.md.",
    first_name: "First name",
    last_name: "Last name",
    card_number: "Card number",
    expiry: "Expiration date (MM/YY)",
    cvv: "Security code (CVV)",
    address1: "Billing address",
    address2: "Apt, suite, unit (optional)",
    city: "City",
    state: "State",
    zip: "ZIP code",
    submit: "Use this card",
    required: "This field is required.",
    card_invalid: "Enter a valid card number.",
    expiry_invalid: "Enter a valid expiration date (MM/YY).",
    expired: "This card has expired.",
    cvv_invalid: "Enter a valid security code.",
    state_invalid: "Enter the 2-letter state code.",
    zip_invalid: "Enter a 5-digit ZIP code.",
    summary: "Please correct the highlighted fields.",
    processing: "Processing your card…",
    failed: "We couldn't process your card. Please try again.",
};

const ES: Texts = Texts {
    lang: "es",
    title: "Datos de la tarjeta",
    note: "Ingreso de tarjeta de prueba (simulado). Usa un número de tarjeta de TEST_CARDS.md.",
    first_name: "Nombre",
    last_name: "Apellido",
    card_number: "Número de tarjeta",
    expiry: "Fecha de vencimiento (MM/AA)",
    cvv: "Código de seguridad (CVV)",
    address1: "Dirección de facturación",
    address2: "Apto., suite, unidad (opcional)",
    city: "Ciudad",
    state: "Estado",
    zip: "Código postal",
    submit: "Usar esta tarjeta",
    required: "Este campo es obligatorio.",
    card_invalid: "Ingresa un número de tarjeta válido.",
    expiry_invalid: "Ingresa una fecha de vencimiento válida (MM/AA).",
    expired: "Esta tarjeta está vencida.",
    cvv_invalid: "Ingresa un código de seguridad válido.",
    state_invalid: "Ingresa el código de estado de 2 letras.",
    zip_invalid: "Ingresa un código postal de 5 dígitos.",
    summary: "Corrige los campos marcados.",
    processing: "Procesando tu tarjeta…",
    failed: "No pudimos procesar tu tarjeta. Inténtalo de nuevo.",
};

/// (id, label, autocomplete, inputmode, optional)
type Field = (&'static str, &'static str, &'static str, &'static str, bool);

fn field(f: Field) -> String {
    let (id, label, autocomplete, inputmode, optional) = f;
    format!(
        "<div class=\"field\" data-field=\"{id}\"><label for=\"{id}\">{label}</label>\
         <input id=\"{id}\" name=\"{id}\" autocomplete=\"{autocomplete}\" inputmode=\"{inputmode}\" \
         aria-describedby=\"{id}-error\"{req}><p class=\"error\" id=\"{id}-error\"></p></div>",
        label = escape(label),
        req = if optional {
            ""
        } else {
            " required aria-required=\"true\""
        },
    )
}

/// The page in `lang` (`es`: Spanish; anything else: English); `parent_origin` is the
/// optional origin `CPC_CONFIG_READY` goes to.
pub fn page(lang: &str, parent_origin: Option<&str>) -> String {
    let t = if lang == "es" { &ES } else { &EN };
    let fields: String = [
        ("firstName", t.first_name, "cc-given-name", "text", false),
        ("lastName", t.last_name, "cc-family-name", "text", false),
        ("cardNumber", t.card_number, "cc-number", "numeric", false),
        ("expirationDate", t.expiry, "cc-exp", "numeric", false),
        ("cvv", t.cvv, "cc-csc", "numeric", false),
        (
            "address",
            t.address1,
            "billing address-line1",
            "text",
            false,
        ),
        (
            "addressLine2",
            t.address2,
            "billing address-line2",
            "text",
            true,
        ),
        ("city", t.city, "billing address-level2", "text", false),
        ("state", t.state, "billing address-level1", "text", false),
        ("zipCode", t.zip, "billing postal-code", "numeric", false),
    ]
    .into_iter()
    .map(field)
    .collect();
    let messages = serde_json::json!({
        "required": t.required, "cardInvalid": t.card_invalid, "expiryInvalid": t.expiry_invalid,
        "expired": t.expired, "cvvInvalid": t.cvv_invalid, "stateInvalid": t.state_invalid,
        "zipInvalid": t.zip_invalid, "summary": t.summary, "processing": t.processing,
        "failed": t.failed,
    });
    let boot = serde_json::json!({
        "messages": messages,
        "height": HEIGHT_PX,
        "readyOrigin": parent_origin.filter(|o| !o.is_empty()).unwrap_or("*"),
    });
    PAGE.replace("%%LANG%%", t.lang)
        .replace("%%TITLE%%", &escape(t.title))
        .replace("%%NOTE%%", &escape(t.note))
        .replace("%%FIELDS%%", &fields)
        .replace("%%SUBMIT%%", &escape(t.submit))
        .replace("%%HEIGHT%%", &HEIGHT_PX.to_string())
        .replace("%%BOOT%%", &script_json(&boot))
}

const PAGE: &str = include_str!("card_entry.html");

#[derive(Tags)]
enum Tag {
    /// Card entry: stand-in of the embedded card-capture component.
    CardEntry,
}

/// `GET /card-entry`, `POST /card-entry/tokenize`.
#[derive(Debug, Clone, Copy, Default)]
pub struct CardEntryApi;

#[OpenApi(prefix_path = "/card-entry", tag = "Tag::CardEntry")]
impl CardEntryApi {
    /// The card-entry page (HTML, no external assets, 880 px of content, en/es), speaking
    /// the window-message protocol of seed 000 §7 (see the module documentation).
    #[oai(path = "/", method = "get", operation_id = "cardEntryPage")]
    async fn page(
        &self,
        /// `en` (default) or `es`.
        lang: Query<Option<String>>,
        /// Origin of the embedding page; `CPC_CONFIG_READY` goes there (else to `*`).
        #[oai(name = "parentOrigin")]
        parent_origin: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Html<String> {
        Html(page(
            lang.0.as_deref().unwrap_or("en"),
            parent_origin.0.as_deref(),
        ))
    }

    /// Tokenises the card typed in the page: 200 `SUCCESS` with `cardDetails` (the token
    /// names the test card's outcome), or `ERROR` with field errors.
    #[oai(path = "/tokenize", method = "post", operation_id = "tokenizeCard")]
    async fn tokenize(
        &self,
        body: Json<TokenizeRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<TokenizeResponse> {
        Json(tokenize(&body))
    }
}

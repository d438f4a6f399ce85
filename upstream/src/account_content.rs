//! The `account-dashboard` content bundle (seed 001 §3 "Content bundles per language":
//! `accountDashboard`; §7 "Other content": `GET /-/api/my.{product}/account-dashboard` and the
//! `/es/` variant): every text of the signed-in dashboard (seed 001 §2 "Dashboard", §4
//! "Service status", §6, §9), in English and Spanish. Served by the content service beside the
//! other bundles ([`crate::content`]), read strictly by the simulators and the BFF in harness
//! mode. Placeholders in braces (`{days}`, `{date}`, `{amount}`, `{n}`, `{phone}`) are filled
//! by the web.

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

use crate::content::{BuyBroadbandLabel, BuyModal, CodeText, FaqItem, Link};

/// Declares a content section like `crate::content` does: required strings or nested
/// sections, both `poem_openapi::Object` and serde, camelCase on the wire.
macro_rules! section {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
        #[oai(rename_all = "camelCase")]
        #[serde(rename_all = "camelCase")]
        pub struct $name { $($(#[$fm])* pub $field: $ty),* }
    };
}

section!(
    /// `GET /-/api/{site}/account-dashboard`: the dashboard's texts (seed 001 §2 "Dashboard").
    AccountDashboard {
        /// The account information page (seed 001 §2 "Account info card",
        /// "Communication preferences").
        account_information: AccountInformationTexts,
        /// Page heading (visually hidden; the tiles carry their own headings).
        page_title: String,
        /// Shown while the dashboard answer loads.
        loading: String,
        services: ServicesStatus,
        auto_refill: AutoRefillTexts,
        acp: AcpTexts,
        promos: PromoBanners,
        /// "Your scheduled move has been cancelled" (shown once after a cancellation).
        move_cancelled: String,
        /// The move pages (issue 13, move): `/{locale}/move/...`.
        moving: MovingTexts,
        /// Reconnect FAQ shown to deactivated accounts.
        reconnect_faq: FaqSection,
        helpful_links: HelpfulLinks,
        reset_router: ResetRouterTexts,
        welcome_tour: WelcomeTour,
        /// The account-state page when the account still needs activation (seed 001 §4
        /// "Page readiness and checks": active without plans).
        activation_needed: ActivationNeeded,
        /// The service detail pages (seed 001 §2 "Service detail").
        detail: ServiceDetail,
        /// The notifications page (seed 001 §2 routes, §4 "Scheduled move").
        notifications: NotificationsTexts,
        /// The payment pages: edit payment, auto-refill, payment history (issue 12).
        payments: PaymentsTexts,
        /// The refill pages: customize (card and PIN tabs), payment, review, confirmation
        /// (issue 13).
        refill: RefillTexts,
        /// The reconnect page (issue 14).
        reconnect: ReconnectTexts,
        /// The quick refill pages, no sign-in (issue 14, litepay).
        litepay: LitepayTexts,
    }
);

section!(
    /// `/{locale}/litepay/refill` and `/litepay/order-confirmation` (seed 002 §2.11, §4.6,
    /// §5): the page, its header and the three steps, the confirmation. Placeholders filled by
    /// the web: `{price}`, `{count}`, `{seconds}`, `{last4}`. The lookup's notices and the
    /// refusals are the BFF's catalogue messages (`PREACTIVATED_ERROR`,
    /// `LITEPAY_MULTIPLE_ACCOUNTS`, `LITEPAY_ACCOUNT_NOT_LOCATED`).
    LitepayTexts {
        /// Page heading.
        title: String,
        /// The text under the heading.
        description: String,
        /// The "what is litepay" link and its modal.
        what_is_link: String,
        what_is: BuyModal,
        /// The card on refilling other services: heading, text, link (sign in).
        other_services_title: String,
        other_services_body: String,
        other_services_link: Link,
        /// The plan-tier block of `HSD_030` (the buy flow's label: English from the
        /// provider's widget, Spanish static).
        broadband_label: BuyBroadbandLabel,
        /// Show the sticky cart (seed 002 §2.11 "sticky-cart flag").
        sticky_cart: bool,
        /// Sticky cart: accessible name, `{count} item`, total label.
        sticky_cart_label: String,
        sticky_cart_items: String,
        /// Header: the account link (sign in), the mobile menu button.
        account_link: Link,
        menu: String,
        /// Shown while something loads.
        loading: String,
        /// A call failed without a catalogue message.
        generic_error: String,
        /// Step headings.
        step_find: String,
        step_payment: String,
        step_confirm: String,
        /// A completed step's accessible state (the check mark's text).
        step_complete: String,
        /// "Updating…" while a step's call runs.
        updating: String,
        /// Step 1: labels, hints, Next and its label while locating.
        phone_label: String,
        phone_hint: String,
        zip_label: String,
        next: String,
        locating: String,
        /// The cannot-locate notice's help link and modal, and the second "unfortunate" warning.
        help_link: String,
        help: BuyModal,
        unfortunate: String,
        /// Step 1 done: what was found (`{phone}` masked, `{zip}`).
        found: String,
        /// Step 2: the `REFILL_$45_FOR_60_DAYS` banner.
        promo_banner: String,
        /// Step 2: card entry's Save, the recap's labels, edit.
        save_card: String,
        billing_address: String,
        mobile: String,
        edit: String,
        /// Step 2: the form's wait after a refusal, `{seconds}`.
        retry_in: String,
        /// Step 2: the card added; on to confirm.
        continue_label: String,
        /// The public marketing site: the third card refusal in a row leads there (seed 002
        /// §4.3).
        marketing_url: String,
        /// Step 3 and the confirmation: order summary.
        summary_title: String,
        plan_30: String,
        acp_credit: String,
        taxes: String,
        taxes_unavailable: String,
        total: String,
        /// An amount, `{price}`.
        price: String,
        /// Step 3: terms, its required message, confirm and refill, while refilling.
        terms: String,
        terms_required: String,
        confirm: String,
        refilling: String,
        /// Confirmation page.
        confirmation: LitepayConfirmationTexts,
    }
);

section!(
    /// `/{locale}/litepay/order-confirmation` (seed 002 §2.11).
    LitepayConfirmationTexts {
        title: String,
        body: String,
        /// Collapsible order total: heading, view and close details.
        order_total: String,
        view_details: String,
        close_details: String,
        /// Print or save.
        print: String,
        order_number: String,
        phone: String,
        zip: String,
        /// A refill without `SUCCESS` or a number.
        warning: String,
        faq: FaqSection,
        /// Back to the quick refill.
        again: String,
    }
);

section!(
    /// `/{locale}/reconnect` (seed 002 §2.10, §4.5): the three steps, the plans, the payment,
    /// the thank-you and the link to activation. Placeholders filled by the web: `{price}`,
    /// `{total}`. The not-available and error messages are the BFF's (error catalogue).
    ReconnectTexts {
        /// Page heading.
        title: String,
        /// Shown while the check runs.
        loading: String,
        /// A call failed without a catalogue message.
        generic_error: String,
        /// Heading of the not-available message (its text is the BFF's `message`).
        not_available_title: String,
        /// Link back to the dashboard.
        back: String,
        /// Step 1: "Service address".
        address_title: String,
        /// Step 1 complete: the address is confirmed.
        address_confirmed: String,
        /// Cold tap: a warning only (seed 002 §4.5).
        cold_tap_warning: String,
        /// Step 2: "Refill".
        refill_title: String,
        /// Legend of the plan radios.
        plan_legend: String,
        /// `HSD_030`: "30 Day Refill".
        plan_30: String,
        /// `HSD_007`: "7 Day Refill".
        plan_7: String,
        /// A plan's price: `{price}`.
        price: String,
        /// Tax line label.
        taxes: String,
        /// The tax lookup failed: the total is the price.
        taxes_unavailable: String,
        /// Total line label.
        total: String,
        /// Heading above the saved card or the card entry.
        payment_title: String,
        /// The card entry's Save button.
        save_card: String,
        /// Pay with the saved card: `Pay {total}`.
        pay: String,
        /// While the reconnect is made (up to seconds).
        paying: String,
        /// Thank-you heading.
        thank_you_title: String,
        /// Thank-you text.
        thank_you_body: String,
        /// Step 3: "Reactivation".
        activation_title: String,
        /// Step 3's text.
        activation_body: String,
        /// Continue to reactivation.
        continue_label: String,
        /// A completed step's accessible state.
        step_complete: String,
    }
);

section!(
    /// The refill pages (seed 002 §2.2 to §2.6, §4.1, §4.3b, §4.8, §9). Placeholders filled by
    /// the web: `{percent}`, `{n}`, `{date}`, `{number}`, `{price}`. Error messages are not
    /// here: the BFF answers the error catalogue's, in the request's language.
    RefillTexts {
        /// Shown while the refill offer loads.
        loading: String,
        /// A call failed without a catalogue message (the service did not answer).
        generic_error: String,
        /// Link back to the dashboard.
        back: String,
        /// Progress bar titles and its accessible value.
        progress: RefillProgressTexts,
        /// Names by product code (plans, TV packages, add-ons).
        products: Vec<CodeText>,
        /// A product code not listed in `products` (the code is never shown).
        other_product: String,
        /// Names by promo discount id.
        promos: Vec<CodeText>,
        /// A promo not listed in `promos`.
        other_promo: String,
        customize: RefillCustomizeTexts,
        cart: RefillCartTexts,
        pin: RefillPinTexts,
        payment: RefillPaymentTexts,
        review: RefillReviewTexts,
        confirmation: RefillConfirmationTexts,
    }
);

section!(
    /// The progress bar (seed 002 §2.2, §9: 33% on the first step, 66% on the later ones).
    RefillProgressTexts {
        customize: String,
        payment: String,
        review: String,
        /// Accessible value: `{percent}% complete`.
        value: String,
    }
);

section!(
    /// `/{locale}/refill` (seed 002 §2.2, §4.1, §4.8): the card and PIN tabs, plan radios,
    /// internet checkbox, TV packages and add-ons, Next and the winback modal.
    RefillCustomizeTexts {
        title: String,
        /// Accessible name of the tab list.
        tabs_label: String,
        card_tab: String,
        pin_tab: String,
        /// Legend of the internet plan radios.
        plan_legend: String,
        /// `{n} days`: the radio's duration.
        plan_days: String,
        /// The internet checkbox.
        internet: String,
        /// Why the internet checkbox is disabled (no days remaining).
        internet_required: String,
        tv_heading: String,
        packages_legend: String,
        add_ons_legend: String,
        /// The 30-to-60-days banner of `REFILL_$45_FOR_60_DAYS` (seed 002 §4.8).
        banner_60_days: String,
        /// Announced while the cart is being priced.
        updating: String,
        next: String,
        /// The winback modal on Next (seed 002 §2.2, §4.8).
        winback: RefillWinbackTexts,
    }
);

section!(
    /// The winback promo modal: free 30-day refill, $90 for up to 90 days, saving $45.
    RefillWinbackTexts { title: String, body: String, accept: String, decline: String }
);

section!(
    /// The cart summary (seed 002 §3.1, §4.8, §9 "45.00 struck through and 10.00").
    RefillCartTexts {
        heading: String,
        /// `Qty {n}`.
        quantity: String,
        /// Screen-reader text of a struck price: `Was {price}`.
        was: String,
        /// Screen-reader text of the price shown after it: `Now {price}`.
        now: String,
        /// The ACP credit line.
        acp: String,
        subtotal: String,
        taxes: String,
        /// The tax service failed: the total is the subtotal (seed 002 §4.5).
        tax_unavailable: String,
        total: String,
        /// No product in the cart.
        empty: String,
    }
);

section!(
    /// The refill PIN tab (seed 002 §2.3, §4.3b). The errors' texts are the catalogue's.
    RefillPinTexts {
        heading: String,
        intro: String,
        label: String,
        /// Under the field: at most 16 characters.
        hint: String,
        /// The field is empty.
        required: String,
        verify: String,
        verifying: String,
        details_heading: String,
        pin: String,
        plans: String,
        /// `{n} x 30 days`.
        plans_value: String,
        /// The PIN's own expiry.
        expires: String,
        /// The service's expiry once redeemed.
        new_expiry: String,
        redeem: String,
        redeeming: String,
        /// Drops the validated PIN and shows the field again.
        other_pin: String,
        /// Title of the "system does not recognize" modal.
        not_recognised_title: String,
        close: String,
    }
);

section!(
    /// `/{locale}/refill/payment` (seed 002 §2.4): the card entry, or the saved card to keep.
    RefillPaymentTexts { title: String, intro: String, save: String, use_saved: String, back: String }
);

section!(
    /// `/{locale}/refill/review` (seed 002 §2.5).
    RefillReviewTexts {
        title: String,
        payment_heading: String,
        edit: String,
        agreement: String,
        submit: String,
        submitting: String,
        /// A refill answered with a warning stays on the confirmation; this is its note.
        warning: String,
        back: String,
    }
);

section!(
    /// `/{locale}/refill/confirmation` (seed 002 §2.6).
    RefillConfirmationTexts {
        /// "Refill successful".
        title: String,
        thanks: String,
        verification: String,
        /// `Order number {number}`.
        order_number: String,
        details: String,
        /// `Refilled on {date}`.
        refilled_on: String,
        /// `Your internet now expires on {date}` (PIN refill).
        new_expiry: String,
        /// "Continue to my account".
        continue_label: String,
        auto_refill_title: String,
        auto_refill_body: String,
        auto_refill_action: String,
        /// "Finalizing refill ..." while loading.
        finalizing: String,
    }
);

section!(
    /// The payment pages (seed 001 §2 "Auto-refill page", "Payment history", "Service detail
    /// and edit payment"; seed 002 §2.7, §2.9). `{last4}`, `{expiry}`, `{seconds}`, `{n}` are
    /// filled by the web.
    PaymentsTexts {
        /// "Back to dashboard".
        back: String,
        /// Shown while the page's answer loads.
        loading: String,
        /// Names of card types (the BFF's `CardType`).
        card_types: CardTypeNames,
        edit_payment: EditPaymentTexts,
        auto_refill: AutoRefillPageTexts,
        history: PaymentHistoryTexts,
    }
);

section!(
    /// Card type names.
    CardTypeNames {
        visa: String,
        master_card: String,
        discover: String,
        american_express: String,
        /// A type the map does not name.
        other: String,
    }
);

section!(
    /// `/{locale}/dashboard/edit-payment` (seed 002 §2.9 "Payment card").
    EditPaymentTexts {
        title: String,
        saved_heading: String,
        no_card: String,
        /// The masked card: `xxxx-xxxx-xxxx-{last4}`.
        masked: String,
        /// `Expires {expiry}`.
        expires: String,
        edit: String,
        cancel: String,
        add_heading: String,
        new_card_heading: String,
        /// Title of the card-entry iframe.
        card_entry_title: String,
        save: String,
        remove: String,
        saved: String,
        removed: String,
        /// `You can try again in {seconds} seconds.`
        retry_in: String,
        /// An answer without a catalogue message (the service did not answer).
        generic_error: String,
        /// Going back to the dashboard after the third failure.
        back_to_dashboard: String,
    }
);

section!(
    /// `/{locale}/dashboard/auto-refill` (seed 001 §4 "Auto-refill", seed 002 §2.7).
    AutoRefillPageTexts {
        title: String,
        intro: String,
        status_on: String,
        status_off: String,
        terms: String,
        enrol: String,
        cancel: String,
        /// Success of enrolment, shown after 800 ms.
        enrolled: String,
        /// Success of cancellation, shown after 800 ms: "Successfuly disabled auto-refill"
        /// (the seed's spelling).
        disabled: String,
        not_offered: String,
        add_card: String,
        generic_error: String,
    }
);

section!(
    /// `/{locale}/dashboard/payment-history` (seed 001 §2 "Payment history").
    PaymentHistoryTexts {
        title: String,
        empty: String,
        /// `Total {amount}` of a date's group.
        total: String,
        product: String,
        duration: String,
        /// `{n} days`.
        duration_days: String,
        amount: String,
        expires: String,
        /// Names of products by code (`HSD_030`, ...); an unnamed code shows `other_product`.
        products: Vec<CodeText>,
        other_product: String,
        pagination_label: String,
        previous: String,
        next: String,
        /// `Page {n}`.
        page: String,
    }
);

section!(
    /// The account information page: its account card and communication-preferences card.
    AccountInformationTexts {
        /// Page heading, "Account information".
        title: String,
        /// Shown while the page's answer loads.
        loading: String,
        /// The page's answer failed (the catalogue's connection message).
        load_failed: String,
        card: AccountCardTexts,
        preferences: PreferencesTexts,
    }
);

section!(
    /// The account info card (seed 001 §2 "Account info card"; §6: verified or not
    /// changes only the label).
    AccountCardTexts {
        heading: String,
        name_label: String,
        pronoun_label: String,
        /// The account number's label, "ID".
        account_id_label: String,
        mobile_label: String,
        email_label: String,
        verified: String,
        unverified: String,
        /// A contact point the identity lacks.
        not_provided: String,
        /// The provider's page to change name, mobile or e-mail (external).
        update_link: Link,
    }
);

section!(
    /// The communication-preferences card (seed 001 §2, §4 "Communication preferences").
    PreferencesTexts {
        heading: String,
        /// Toggles the form open.
        edit: String,
        /// Closes the form without saving.
        cancel: String,
        language_legend: String,
        english: String,
        spanish: String,
        /// The SMS switch's label.
        sms_label: String,
        /// The saved SMS opt-in, read-only view.
        sms_on: String,
        sms_off: String,
        /// External page of marketing preferences.
        marketing_link: Link,
        /// The Update button (enabled only on a change, seed 001 §5).
        update: String,
        /// Shown while the update is sent.
        saving: String,
        /// The update failed (any upstream failure).
        failed: String,
        /// The success modal.
        saved_title: String,
        saved_message: String,
        close: String,
    }
);

section!(
    /// Services status tile (seed 001 §2 "Services status tile", §4 "Service status").
    ServicesStatus {
        heading: String,
        /// Name of the internet service, "Prepaid Internet".
        internet_name: String,
        /// Number inside the ring's label: `{days}` days remaining (one day).
        days_left_one: String,
        /// `{days}` days remaining (other counts).
        days_left_other: String,
        /// `{date}` is the expiry date, m/d/yyyy.
        expires_on: String,
        expired_on: String,
        /// Accessible state of the ring (never colour alone).
        ring: RingTexts,
        refill_now: String,
        expired_title: String,
        expired_message: String,
        deactivated_title: String,
        deactivated_message: String,
        reactivate: String,
        /// Shown while moving: services pause when the move starts.
        moving_paused: String,
        /// Expired while moving: refill, then come back and restart the move.
        expired_moving: String,
        /// Link of the active tile to the internet detail page.
        details: String,
        /// Link to the Instant TV detail page (`detail-xitv`), when the account has TV.
        tv_details: String,
        /// Link to the TV200 detail page (`detail-tv200`), when the account has TV200.
        tv200_details: String,
        tv_heading: String,
        /// TV products by product code (`VDO_XITV_30`, packages, add-ons, `TV200`).
        tv_products: Vec<CodeText>,
        /// Auto-enrol button ("Set up auto refill").
        auto_enrol: String,
    }
);

section!(
    /// The ring's state in words, one per colour of seed 001 §2.
    RingTexts { green: String, amber: String, blue: String, red: String }
);

section!(
    /// Auto-refill badge and its modal with the Cancel Auto Refill action (seed 001 §2).
    AutoRefillTexts {
        badge: String,
        modal_title: String,
        modal_body: String,
        cancel: String,
        close: String,
    }
);

section!(
    /// ACP info stripe (seed 001 §2 "ACP banner", §6). `{amount}`: the benefit as a price (`$30.00`).
    AcpTexts {
        heading: String,
        approved: String,
        approved_moving: String,
        tribal: String,
        de_enrolled: String,
        /// Call action of the de-enrolled notice (label and `tel:` link).
        call: Link,
    }
);

section!(
    /// Offer and winback banners (seed 001 §2, §9 promo rules).
    PromoBanners { offer: Banner, winback: Banner }
);

section!(
    /// A banner with a title, a body and a call to action.
    Banner { title: String, body: String, action: Link }
);

section!(
    /// A heading and its questions.
    FaqSection { heading: String, items: Vec<FaqItem> }
);

/// The helpful links, each named by its icon (seed 001 §2 "Helpful links").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum HelpfulLinkId {
    /// External support page, new tab.
    Help,
    OffersPromos,
    PaymentHistory,
    PaymentMethod,
    RefillCash,
    /// Opens the reset-router modal instead of navigating.
    ResetRouter,
    SetupRefill,
    /// Hidden while a move is scheduled.
    Move,
}

section!(
    /// One helpful link: its icon id, label, URL and target (`_self` or `_blank`).
    HelpfulLink { id: HelpfulLinkId, label: String, url: String, target: String }
);

section!(
    /// The helpful links block.
    HelpfulLinks {
        heading: String,
        /// Appended to the name of a link that opens a new tab, for screen readers.
        new_tab: String,
        links: Vec<HelpfulLink>,
    }
);

section!(
    /// Reset-router modal: intro, sending, then restarted or failed (seed 001 §2, §8).
    ResetRouterTexts {
        title: String,
        intro: String,
        restart: String,
        sending: String,
        restarted_title: String,
        restarted_body: String,
        /// "There was an issue".
        failed_title: String,
        /// "Please try again".
        failed_body: String,
        close: String,
    }
);

section!(
    /// Welcome tour: five steps, counter "Step {n}/4" on steps 1 to 4 (seed 001 §2).
    WelcomeTour {
        /// Accessible name of the dialog.
        label: String,
        counter: String,
        next: String,
        back: String,
        done: String,
        close: String,
        steps: Vec<TourStep>,
    }
);

section!(
    /// One step of the welcome tour.
    TourStep { title: String, body: String }
);

section!(
    /// The account-state page of an account that needs activation.
    ActivationNeeded { title: String, body: String, link: String }
);

section!(
    /// Service detail pages `detail-hsd`, `detail-xitv`, `detail-tv200` (seed 001 §2 routes,
    /// "Service detail": their layout is not given, so they list what the dashboard answer
    /// holds). Product names come from `services.tvProducts`; `{date}` is m/d/yyyy.
    ServiceDetail {
        /// Link back to the dashboard.
        back: String,
        /// Heading of `detail-xitv`.
        xitv_title: String,
        /// Heading of `detail-tv200`.
        tv200_title: String,
        status_label: String,
        status: ServiceStatusTexts,
        days_remaining_label: String,
        expiration_label: String,
        service_address_label: String,
        /// Heading of the TV product list.
        tv_products_label: String,
        /// The account has no internet plan.
        no_internet: String,
        /// The account has no Instant TV product.
        no_tv: String,
        /// The account has no TV200 service.
        no_tv200: String,
    }
);

section!(
    /// A service's status in words (seed 001 §4 "Service status").
    ServiceStatusTexts { active: String, expired: String, deactivated: String }
);

section!(
    /// `/{locale}/dashboard/notifications`: the scheduled-move notice (seed 001 §4 "Scheduled
    /// move"). Dates are m/d/yyyy; the cancel date shown is the day before the move.
    NotificationsTexts {
        title: String,
        move_heading: String,
        /// Introduces the new service address.
        to_address_label: String,
        move_date_label: String,
        /// The last day the move can be cancelled (the day before the move).
        cancel_by_label: String,
        /// Link back to the dashboard.
        back: String,
        /// Opens the cancel confirmation (seed 001 §4 "Scheduled move").
        cancel: String,
        /// Shown while the cancel is sent.
        cancelling: String,
        /// The generic info modal with the cancel-move confirmation (seed 001 §2 "Page
        /// shell").
        cancel_modal: InfoModalTexts,
    }
);

section!(
    /// The generic info modal (seed 001 §2 "Page shell": title, body, optional cancel-move
    /// confirmation "Yes, Cancel" / "No, keep Move Request", close). `body`: paragraphs
    /// separated by a blank line.
    InfoModalTexts {
        title: String,
        body: String,
        /// "Yes, Cancel".
        confirm: String,
        /// "No, keep Move Request".
        keep: String,
        /// Label of the close button.
        close: String,
    }
);

section!(
    /// The move pages (seed 002 §2.1 `move/...`, §2.8, §4.4; seed 001 §4 "Scheduled move"):
    /// address confirmation, the date (today or later), the refill it may need, the review of
    /// a move today or later, their confirmations and the cancel-this-move modal. The address
    /// entry itself is the retail flow's in its move variant (`merchant-flow`
    /// `addressCheck.moveHeading`). Placeholders filled by the web: `{percent}`, `{date}`,
    /// `{number}`. Refusals are the BFF's catalogue messages.
    MovingTexts {
        /// Shown while the move loads.
        loading: String,
        /// A call failed without a catalogue message.
        generic_error: String,
        /// "Return to my account" (the dashboard).
        back_to_account: String,
        /// The account's service address today (the move's previous address).
        current_address_label: String,
        /// The destination address.
        new_address_label: String,
        move_date_label: String,
        /// The move date when it is today.
        today: String,
        /// The last day to cancel (the day before the move, seed 002 §4.4).
        cancel_by_label: String,
        confirmation_number_label: String,
        /// The link to `move/schedule` (seed 002 §2.8 "Edit Date").
        edit_date: String,
        /// Back to the address entry.
        change_address: String,
        /// The refill steps' progress bar (seed 002 §2.8: 33%, 66%, 100%).
        progress: MovingProgressTexts,
        /// `move/address-confirmation`: the new address can get service; today or later.
        address_confirmation: MoveAddressConfirmationTexts,
        /// `move/schedule-now`: a move today.
        schedule_now: MovePageTexts,
        /// `move/schedule`: choose or edit the date.
        schedule: MoveScheduleTexts,
        /// `move/refill-required` (seed 002 §2.8 "A refill is required").
        refill_required: MoveRefillRequiredTexts,
        /// `move/refill-payment` heading ("Add a payment for your refill").
        refill_payment_title: String,
        /// `move/refill-review`: page title "Refill Review", heading "Customize your refill".
        refill_review_title: String,
        refill_review_heading: String,
        /// `move/refill-confirmation`.
        refill_confirmation: MoveRefillConfirmationTexts,
        /// `move/now`: review and confirm a move today.
        now: MoveReviewTexts,
        /// `move/schedule-finalize`: review and confirm a later move.
        finalize: MoveReviewTexts,
        /// `move/now-confirmation`.
        now_confirmation: MovePageTexts,
        /// `move/schedule-confirmation` ("Move Schedule Confirmation").
        schedule_confirmation: MovePageTexts,
        /// Opens the cancel-this-move modal.
        cancel: String,
        /// Shown while the cancel is sent.
        cancelling: String,
        /// The cancel-this-move modal (the generic info modal's confirmation).
        cancel_modal: InfoModalTexts,
    }
);

section!(
    /// Progress bar titles of the move refill and its accessible value (`{percent}% complete`).
    MovingProgressTexts { refill_required: String, payment: String, review: String, confirmation: String, value: String }
);

section!(
    /// A page's heading and its text.
    MovePageTexts { title: String, body: String, continue_label: String }
);

section!(
    /// `move/address-confirmation`: heading, text, the cold-tap note (service may take 48
    /// hours), and the two ways on.
    MoveAddressConfirmationTexts { title: String, body: String, cold_tap: String, move_today: String, move_later: String }
);

section!(
    /// `move/schedule`: the date field (today or later) and its messages.
    MoveScheduleTexts {
        title: String,
        intro: String,
        date_label: String,
        /// Under the field.
        date_hint: String,
        /// No complete date typed.
        date_required: String,
        /// A date before today.
        date_past: String,
        continue_label: String,
    }
);

section!(
    /// `move/refill-required`: why, the disclosure alert and Next.
    MoveRefillRequiredTexts { title: String, body: String, disclosure: String, next: String }
);

section!(
    /// `move/refill-confirmation` (seed 002 §2.8): `{date}` order date and expiry.
    MoveRefillConfirmationTexts { title: String, heading: String, order_total: String, order_date: String, expiry: String, continue_label: String }
);

section!(
    /// `move/now` and `move/schedule-finalize`: the review, the button and its pending text.
    MoveReviewTexts { title: String, body: String, submit: String, submitting: String }
);

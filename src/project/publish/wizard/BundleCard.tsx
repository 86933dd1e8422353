import { graphql, useFragment } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { BundleCard_bundle$key } from "../../../__generated__/BundleCard_bundle.graphql";
import { benefitsIn, licensedPrice, monthlyAmount, type Interval } from "../../../domain/pay/plans";
import { formatAmount } from "../../../domain/billing";

/**
 * One plan (spec §2 'Bundle card'): name, price per month in the chosen interval, benefits in
 * the console's language (English when a plan has none in it), and its choose control — a radio,
 * so exactly one card of the group is selected.
 */
export function BundleCard(props: { bundle: BundleCard_bundle$key; interval: Interval; selected: boolean; onChoose(): void }) {
  const intl = useIntl();
  const bundle = useFragment(
    graphql`
      fragment BundleCard_bundle on ProductBundle {
        type
        trialDays
        products {
          name
          displayName
          usageType
          benefits {
            lang
            description
          }
          prices {
            id
            unitAmount
            currency
            usageType
            billingInterval
          }
        }
      }
    `,
    props.bundle,
  );
  const main = bundle.products.find((product) => product.name.endsWith("_bundle")) ?? bundle.products[0];
  const price = licensedPrice(bundle.products, props.interval);
  const benefits = benefitsIn(main?.benefits ?? [], intl.locale.startsWith("de") ? "DE" : "EN");
  const titleId = `bundle-${bundle.type}-title`;
  return (
    <label className="choice-card bundle-card" data-selected={props.selected} data-testid={`bundle-${bundle.type}`}>
      <input type="radio" name="bundle" value={bundle.type} checked={props.selected} onChange={props.onChoose} aria-describedby={titleId} />
      <strong className="bundle-name" id={titleId}>
        {main?.displayName ?? bundle.type}
      </strong>
      {price && (
        <span className="bundle-price" data-testid={`bundle-${bundle.type}-price`}>
          <FormattedMessage id="publish.bundles.perMonth" values={{ amount: formatAmount(monthlyAmount(price), price.currency, intl.locale) }} />
        </span>
      )}
      {price && props.interval === "YEAR" && (
        <span className="choice-card-detail" data-testid={`bundle-${bundle.type}-billed`}>
          <FormattedMessage id="publish.bundles.billedYearly" values={{ amount: formatAmount(price.unitAmount, price.currency, intl.locale) }} />
        </span>
      )}
      <ul className="bundle-benefits">
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <span className="choice-card-detail">
        <FormattedMessage id="publish.bundles.trial" values={{ days: bundle.trialDays }} />
      </span>
    </label>
  );
}

package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.core.ContextBase;
import ch.qos.logback.core.spi.AppenderAttachable;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.ringlog.core.PipelineSettings;
import io.ringlog.docs.BeanAccessors;
import io.ringlog.docs.ConfigurationReference;
import io.ringlog.docs.ConfigurationReference.Framework;
import io.ringlog.docs.ReferenceCheck;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md tells the truth about the Logback adapter: every property Joran can set on
 * {@link RingAsyncAppender} (its public setters, aliases included) has a row in the Logback table with the default a new
 * appender has; the pipeline-settings table and the example state the same defaults; and every status message quoted
 * for Logback is one the Logback adapter or the core can emit.
 */
class ConfigurationReferenceTest {

    private static final String PROPERTIES = "property";
    private static final String MAPPING = "pipeline setting";
    /** Setters that are not configuration: Joran injects the context. */
    private static final Set<String> NOT_CONFIGURATION = Set.of("context");
    private static final Pattern EXAMPLE_APPENDER = Pattern.compile(
            "class=\"" + Pattern.quote(RingAsyncAppender.class.getName()) + "\">(.*?)</appender>", Pattern.DOTALL);
    private static final Pattern EXAMPLE_PROPERTY = Pattern.compile("<(\\w+)>([^<]*)</\\1>");

    private final ConfigurationReference doc = ReferenceCheck.configurationMd();
    private final ReferenceCheck check = new ReferenceCheck(doc);

    @Test
    void everyPropertyHasARowWithTheDefaultOfANewAppender() {
        Map<String, Object> defaults = new TreeMap<>();
        List<Method> aliases = new ArrayList<>();
        PipelineSettings produced = new LogbackSettings().toPipelineSettings("DOCS", quietStatus());
        for (Method setter : RingAsyncAppender.class.getMethods()) {
            Optional<String> property = BeanAccessors.propertyOf(setter);
            if (property.isEmpty() || NOT_CONFIGURATION.contains(property.get())) {
                continue;
            }
            Optional<Method> getter = BeanAccessors.getter(RingAsyncAppender.class, property.get());
            if (getter.isEmpty()) {
                aliases.add(setter);
                continue;
            }
            Object raw = BeanAccessors.invoke(getter.get(), new RingAsyncAppender());
            Object effective = ReferenceCheck.effectiveDefault(property.get(), raw, produced);
            defaults.put(property.get(), effective);
            check.propertyRow(PROPERTIES, property.get(), 2, effective, "new RingAsyncAppender()." + getter.get().getName() + "()"
                    + (raw == null && effective != null ? " is unset, and the settings it produces say " + effective : ""));
        }
        ReferenceCheck.requireFound(defaults.keySet(), "RingAsyncAppender's properties");
        for (Method alias : aliases) {
            String property = BeanAccessors.propertyOf(alias).orElseThrow();
            String target = propertySetBy(alias, defaults.keySet());
            if (target == null) {
                check.problem(RingAsyncAppender.class.getSimpleName() + "." + alias.getName() + " has no getter and sets no property that"
                        + " has one: give it a getter, so that its default can be checked against " + doc.name());
            } else {
                check.aliasRow(PROPERTIES, property, target);
            }
        }
        assertThat(AppenderAttachable.class).isAssignableFrom(RingAsyncAppender.class);
        check.elementRow(PROPERTIES, "<appender-ref>", "RingAsyncAppender is an AppenderAttachable");
        check.mappingRows(MAPPING, 1, 3, 0, defaults, "Logback");
        checkExample(defaults);
        check.assertNone();
    }

    @Test
    void everyQuotedMessageIsOneTheAdapterCanEmit() {
        int checked = check.quotedMessagesAgainstThisModule(Framework.LOGBACK, "logback-adapter");
        assertThat(checked).as("messages quoted for Logback in %s", doc.name()).isGreaterThan(20);
        check.assertNone();
    }

    @Test
    void everyMessageQuotedInTheOtherPagesIsOneTheAdapterCanEmit() {
        int checked = ReferenceCheck.quotedMessagesInOtherPages(Framework.LOGBACK, "logback-adapter");
        assertThat(checked).as("messages quoted for Logback outside %s", doc.name()).isPositive();
    }

    /** The example under "### Example" says every line but the appender-ref keeps its default: so it must show them. */
    private void checkExample(Map<String, Object> defaults) {
        String xml = doc.xmlExample("Logback", "Example").orElse("");
        Matcher appender = EXAMPLE_APPENDER.matcher(xml);
        if (!appender.find()) {
            check.problem(doc.name() + ", ## Logback > ### Example: no xml block with an <appender class=\"" + RingAsyncAppender.class.getName() + "\">");
            return;
        }
        Matcher property = EXAMPLE_PROPERTY.matcher(appender.group(1));
        while (property.find()) {
            check.exampleValue("## Logback > ### Example", property.group(1), property.group(2).strip(), defaults);
        }
    }

    /** The property whose getter reads back what {@code setter} was given, on a new appender. */
    private static String propertySetBy(Method setter, Set<String> properties) {
        RingAsyncAppender appender = new RingAsyncAppender();
        Object sample = BeanAccessors.sample(setter.getParameterTypes()[0]);
        BeanAccessors.invoke(setter, appender, sample);
        for (String property : properties) {
            Method getter = BeanAccessors.getter(RingAsyncAppender.class, property).orElseThrow();
            if (sample.equals(BeanAccessors.invoke(getter, appender))) {
                return property;
            }
        }
        return null;
    }

    private static ContextAwareBase quietStatus() {
        ContextAwareBase status = new ContextAwareBase();
        status.setContext(new ContextBase());
        return status;
    }
}
